import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: searchSchema({ token: textParam }),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});

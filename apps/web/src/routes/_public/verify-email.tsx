import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/verify-email-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_public/verify-email')({
  validateSearch: searchSchema({ token: textParam }),
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

/** The invitation e-mail's link: an account the bank opened gets its first password here. */
export const Route = createFileRoute('/_public/set-password')({
  validateSearch: searchSchema({ token: textParam }),
  component: function SetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} purpose="set" />;
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';
import { TwoFactorPage } from '../../features/auth/two-factor-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

/** Where to go once the code is accepted. */
const twoFactorSearch = searchSchema({ redirect: textParam });

export const Route = createFileRoute('/_public/2fa-verification')({
  validateSearch: twoFactorSearch,
  beforeLoad: ({ context }) => {
    // Only a sign-in that still owes its second factor belongs here.
    if (!context.session.user) throw redirect({ to: '/login' });
  },
  component: function TwoFactorRoute() {
    const { redirect: next } = Route.useSearch();
    return <TwoFactorPage redirect={next} />;
  },
});

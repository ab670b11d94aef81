import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_public/login')({
  validateSearch: searchSchema({ redirect: textParam }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});

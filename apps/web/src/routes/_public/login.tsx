import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../../features/auth/login-page.tsx';

export const Route = createFileRoute('/_public/login')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailPage } from '../../features/auth/verify-email-page.tsx';

export const Route = createFileRoute('/_public/verify-email')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});

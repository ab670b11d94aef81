import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MailboxPage } from '../../features/dev-mailbox/mailbox-page.tsx';

export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: z.object({ to: z.string().optional().catch(undefined) }),
  component: function MailboxRoute() {
    const { to } = Route.useSearch();
    return <MailboxPage to={to} />;
  },
});

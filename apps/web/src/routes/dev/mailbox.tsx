import { createFileRoute } from '@tanstack/react-router';
import { MailboxPage } from '../../features/dev-mailbox/mailbox-page.tsx';
import { searchSchema, textParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: searchSchema({ to: textParam }),
  component: function MailboxRoute() {
    const { to } = Route.useSearch();
    return <MailboxPage to={to} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { TicketsPage } from '../../../features/support/tickets-page.tsx';

export const Route = createFileRoute('/_auth/support/')({
  component: TicketsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { CreateTicketPage } from '../../../features/support/create-ticket-page.tsx';

export const Route = createFileRoute('/_auth/support/create')({
  component: CreateTicketPage,
});

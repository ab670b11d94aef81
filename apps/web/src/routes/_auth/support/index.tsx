import { createFileRoute } from '@tanstack/react-router';
import { TicketsPage } from '../../../features/support/tickets-page.tsx';
import { firstPage, once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/support/')({
  loader: ({ context: { trpc } }) => preload(trpc.support.list.ensureData(firstPage, once)),
  component: TicketsPage,
});

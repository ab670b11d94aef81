import { createFileRoute } from '@tanstack/react-router';
import { ScheduledListPage } from '../../../../features/scheduled/scheduled-list-page.tsx';
import { once, preload } from '../../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transfers/scheduled/')({
  loader: ({ context: { trpc } }) => preload(trpc.scheduled.list.ensureData(undefined, once)),
  component: ScheduledListPage,
});

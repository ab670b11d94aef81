import { createFileRoute } from '@tanstack/react-router';
import { ScheduledDetailPage } from '../../../../features/scheduled/scheduled-detail-page.tsx';
import { once, preloadRecord } from '../../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transfers/scheduled/$id')({
  loader: ({ context: { trpc }, params }) =>
    preloadRecord(params.id, (id) => trpc.scheduled.byId.ensureData({ id }, once)),
  component: function ScheduledDetailRoute() {
    const { id } = Route.useParams();
    return <ScheduledDetailPage id={id} />;
  },
});

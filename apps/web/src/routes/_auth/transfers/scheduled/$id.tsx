import { createFileRoute } from '@tanstack/react-router';
import { ScheduledDetailPage } from '../../../../features/scheduled/scheduled-detail-page.tsx';
import { isRecordId, once, preload } from '../../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transfers/scheduled/$id')({
  loader: ({ context: { trpc }, params }) =>
    isRecordId(params.id)
      ? preload(trpc.scheduled.byId.ensureData({ id: params.id }, once))
      : undefined,
  component: function ScheduledDetailRoute() {
    const { id } = Route.useParams();
    return <ScheduledDetailPage id={id} />;
  },
});

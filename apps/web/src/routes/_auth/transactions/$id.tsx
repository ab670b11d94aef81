import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailPage } from '../../../features/transactions/transaction-detail-page.tsx';
import { isRecordId, once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transactions/$id')({
  loader: ({ context: { trpc }, params }) =>
    isRecordId(params.id)
      ? preload(trpc.transactions.byId.ensureData({ id: params.id }, once))
      : undefined,
  component: function TransactionDetailRoute() {
    const { id } = Route.useParams();
    return <TransactionDetailPage id={id} />;
  },
});

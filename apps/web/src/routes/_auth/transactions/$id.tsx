import { createFileRoute } from '@tanstack/react-router';
import { TransactionDetailPage } from '../../../features/transactions/transaction-detail-page.tsx';

export const Route = createFileRoute('/_auth/transactions/$id')({
  component: function TransactionDetailRoute() {
    const { id } = Route.useParams();
    return <TransactionDetailPage id={id} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { TransactionMonitoringPage } from '../../../features/admin/transaction-monitoring-page.tsx';
import { transactionSearch } from '../../../lib/transaction-search.ts';

export const Route = createFileRoute('/_auth/admin/transactions')({
  validateSearch: transactionSearch,
  component: function TransactionMonitoringRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <TransactionMonitoringPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    );
  },
});

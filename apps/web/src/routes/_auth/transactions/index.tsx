import { createFileRoute } from '@tanstack/react-router';
import { TransactionsPage } from '../../../features/transactions/transactions-page.tsx';
import { transactionSearch } from '../../../lib/transaction-search.ts';

export const Route = createFileRoute('/_auth/transactions/')({
  validateSearch: transactionSearch,
  component: function TransactionsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <TransactionsPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    );
  },
});

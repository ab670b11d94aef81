import { createFileRoute } from '@tanstack/react-router';
import { transactionSearch } from '../../../features/transactions/search.ts';
import { TransactionsPage } from '../../../features/transactions/transactions-page.tsx';

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

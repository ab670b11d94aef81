import { createFileRoute } from '@tanstack/react-router';
import { TransactionsPage } from '../../../features/transactions/transactions-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';
import { transactionListInput, transactionSearch } from '../../../lib/transaction-search.ts';

export const Route = createFileRoute('/_auth/transactions/')({
  validateSearch: transactionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { trpc }, deps }) =>
    preload(trpc.transactions.list.ensureData(transactionListInput(deps), once)),
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

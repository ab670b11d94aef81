import { createFileRoute } from '@tanstack/react-router';
import { TransactionsPage } from '../../../features/transactions/transactions-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';
import { transactionListInput, transactionSearch } from '../../../lib/transaction-search.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/transactions/')({
  validateSearch: transactionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { trpc }, deps }) =>
    preload(trpc.transactions.list.ensureData(transactionListInput(deps), once)),
  component: function TransactionsRoute() {
    return <UrlSearchPage route={Route} page={TransactionsPage} />;
  },
});

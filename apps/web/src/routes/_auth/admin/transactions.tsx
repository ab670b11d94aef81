import { createFileRoute } from '@tanstack/react-router';
import { TransactionMonitoringPage } from '../../../features/admin/transaction-monitoring-page.tsx';
import { transactionSearch } from '../../../lib/transaction-search.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/admin/transactions')({
  validateSearch: transactionSearch,
  component: function TransactionMonitoringRoute() {
    return <UrlSearchPage route={Route} page={TransactionMonitoringPage} />;
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { LoanManagementPage } from '../../../features/admin/loan-management-page.tsx';
import { loanSearch } from '../../../features/admin/loan-search.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/admin/loans')({
  validateSearch: loanSearch,
  component: function LoanManagementRoute() {
    return <UrlSearchPage route={Route} page={LoanManagementPage} />;
  },
});

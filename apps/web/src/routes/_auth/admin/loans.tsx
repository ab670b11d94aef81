import { createFileRoute } from '@tanstack/react-router';
import { LoanManagementPage } from '../../../features/admin/loan-management-page.tsx';
import { loanSearch } from '../../../features/admin/loan-search.ts';

export const Route = createFileRoute('/_auth/admin/loans')({
  validateSearch: loanSearch,
  component: function LoanManagementRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <LoanManagementPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    );
  },
});

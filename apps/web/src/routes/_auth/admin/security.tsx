import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/admin/security-page.tsx';
import { pageParam, searchSchema } from '../../../lib/search-params.ts';

const securitySearch = searchSchema({ page: pageParam });

export const Route = createFileRoute('/_auth/admin/security')({
  validateSearch: securitySearch,
  component: function SecurityRoute() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SecurityPage
        page={page ?? 1}
        onPageChange={(next) => void navigate({ search: { page: next } })}
      />
    );
  },
});

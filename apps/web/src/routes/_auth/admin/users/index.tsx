import { createFileRoute } from '@tanstack/react-router';
import { UserManagementPage } from '../../../../features/admin/user-management-page.tsx';
import { userSearch } from '../../../../features/admin/user-search.ts';

export const Route = createFileRoute('/_auth/admin/users/')({
  validateSearch: userSearch,
  component: function UserManagementRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <UserManagementPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    );
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { UserManagementPage } from '../../../../features/admin/user-management-page.tsx';
import { userListInput, userSearch } from '../../../../features/admin/user-search.ts';
import { once, preload } from '../../../../lib/page-data.ts';
import { UrlSearchPage } from '../../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/admin/users/')({
  validateSearch: userSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { trpc }, deps }) =>
    preload(
      trpc.admin.users.ensureData(userListInput(deps), once),
      trpc.admin.userStats.ensureData(undefined, once),
    ),
  component: function UserManagementRoute() {
    return <UrlSearchPage route={Route} page={UserManagementPage} />;
  },
});

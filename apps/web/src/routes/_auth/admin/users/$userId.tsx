import { createFileRoute } from '@tanstack/react-router';
import { UserDetailPage } from '../../../../features/admin/user-detail-page.tsx';

export const Route = createFileRoute('/_auth/admin/users/$userId')({
  component: function UserDetailRoute() {
    const { userId } = Route.useParams();
    return <UserDetailPage userId={userId} />;
  },
});

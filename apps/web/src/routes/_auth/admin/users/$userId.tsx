import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { UserDetailPage } from '../../../../features/admin/user-detail-page.tsx';
import { CustomerCasesPanel } from '../../../../features/disputes/customer-cases-panel.tsx';
import { once, preload } from '../../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/users/$userId')({
  loader: ({ context: { trpc }, params }) =>
    preload(trpc.admin.user.ensureData({ id: params.userId }, once)),
  component: function UserDetailRoute() {
    const { userId } = Route.useParams();
    return (
      <Stack gap="6">
        <UserDetailPage userId={userId} />
        <CustomerCasesPanel userId={userId} />
      </Stack>
    );
  },
});

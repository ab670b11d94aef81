import { Link as ChakraLink, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { QueryBody } from '../../components/query-body.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { trpc } from '../../lib/trpc.ts';
import { AccountRestrictionsPanel } from './account-restrictions-panel.tsx';
import {
  AccountsSection,
  AuditEventsSection,
  ProfileSection,
  RecentTransactionsSection,
  SessionsSection,
  type UserDetail,
} from './user-detail-sections.tsx';
import { UserHeader } from './user-header.tsx';
import { UserScheduledTransfers } from './user-scheduled-transfers.tsx';

// The edit form (the phone field's country list, the role and limit rules) loads on its own:
// it is below the fold, and the rest of the page needs none of it.
const EditUserForm = lazy(() =>
  import('./edit-user-form.tsx').then((module) => ({ default: module.EditUserForm })),
);

function UserDetailSections({ detail }: { detail: UserDetail }) {
  const { user } = detail;
  return (
    <>
      <UserHeader user={user} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <ProfileSection user={user} />
        <AccountsSection detail={detail} />
      </SimpleGrid>
      <SectionCard title="Edit user">
        <Suspense fallback={<Skeleton h="48" />}>
          <EditUserForm key={`${user.id}:${user.role}:${user.withdrawalLimit}`} detail={detail} />
        </Suspense>
      </SectionCard>
      <RecentTransactionsSection detail={detail} />
      <AccountRestrictionsPanel userId={user.id} />
      <UserScheduledTransfers userId={user.id} />
      <SessionsSection detail={detail} />
      <AuditEventsSection detail={detail} />
    </>
  );
}

/** One user whole for staff: profile, accounts, recent money, sessions and audit events. */
export function UserDetailPage({ userId }: { userId: string }) {
  const query = trpc.admin.user.useQuery({ id: userId });
  return (
    <Stack gap="6">
      <ChakraLink asChild fontSize="sm" color="fg.muted">
        <Link to="/admin/users">
          <LuArrowLeft aria-hidden="true" /> Back to users
        </Link>
      </ChakraLink>
      <QueryBody query={query} loadingLabel="Loading user" failedMessage="Failed to fetch users">
        {(detail) => <UserDetailSections detail={detail} />}
      </QueryBody>
    </Stack>
  );
}

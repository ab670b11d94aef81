import {
  Badge,
  Button,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import {
  type Column,
  cellStyles,
  DataTable,
  EmptyList,
  ListSpinner,
} from '../../components/data-table.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { TransactionStatusBadge } from '../../components/money.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatDateTime, formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { AccountRestrictionsPanel } from './account-restrictions-panel.tsx';
import { auditEntryLabel } from './audit-events.ts';
import { actedByText } from './audit-people.tsx';
import { Device } from './device-cell.tsx';
import { dateColumn, dateTimeColumn, figureColumn } from './table-columns.tsx';
import { useUserActions } from './user-actions.ts';
import { UserScheduledTransfers } from './user-scheduled-transfers.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

type UserDetail = RouterOutputs['admin']['user'];

// The edit form (the phone field's country list, the role and limit rules) loads on its own:
// it is below the fold, and the rest of the page needs none of it.
const EditUserForm = lazy(() =>
  import('./edit-user-form.tsx').then((module) => ({ default: module.EditUserForm })),
);

type UserSession = UserDetail['sessions'][number];
type RecentTransaction = UserDetail['recentTransactions'][number];

const sessionColumns: Column<UserSession>[] = [
  { header: 'Address', cell: (session) => session.ip ?? '—', cellProps: { fontFamily: 'mono' } },
  { header: 'Device', cell: (session) => <Device userAgent={session.userAgent} /> },
  dateTimeColumn('Signed in', (session) => session.createdAt),
  dateTimeColumn('Last seen', (session) => session.lastSeenAt),
];

const transactionColumns: Column<RecentTransaction>[] = [
  { header: 'Description', cell: (transaction) => transaction.description },
  {
    header: 'Type',
    cell: (transaction) => humanize(transaction.type),
    cellProps: cellStyles.nowrap,
  },
  figureColumn(
    'Amount',
    (transaction) =>
      `${transaction.direction === 'credit' ? '+' : '−'}${formatMoney(transaction.amount)}`,
  ),
  {
    header: 'Status',
    cell: (transaction) => <TransactionStatusBadge status={transaction.status} />,
  },
  dateColumn('Date', (transaction) => transaction.createdAt),
];

function SessionsSection({ detail }: { detail: UserDetail }) {
  const utils = trpc.useUtils();
  const end = trpc.admin.endUserSessions.useMutation();
  const signOut = async () => {
    try {
      const result = await end.mutateAsync({ id: detail.user.id });
      notify({ type: 'success', message: result.message });
      await utils.admin.user.invalidate({ id: detail.user.id });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to end the sessions') });
    }
  };
  return (
    <SectionCard
      title="Sessions"
      action={
        detail.sessions.length > 0 ? (
          <Button
            size="sm"
            variant="outline"
            loading={end.isPending}
            onClick={() => void signOut()}
          >
            Sign out everywhere
          </Button>
        ) : null
      }
    >
      {detail.sessions.length === 0 ? (
        <Text color="fg.muted">No open sessions</Text>
      ) : (
        <DataTable
          label="Open sessions"
          rows={detail.sessions}
          columns={sessionColumns}
          rowKey={(session) => session.id}
        />
      )}
    </SectionCard>
  );
}

/** One user whole for staff: profile, accounts, recent money, sessions and audit events. */
export function UserDetailPage({ userId }: { userId: string }) {
  const query = trpc.admin.user.useQuery({ id: userId });
  const actions = useUserActions();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const back = (
    <ChakraLink asChild fontSize="sm" color="fg.muted">
      <Link to="/admin/users">
        <LuArrowLeft aria-hidden="true" /> Back to users
      </Link>
    </ChakraLink>
  );
  if (query.isError) {
    return (
      <Stack gap="4">
        {back}
        <ErrorAlert>{errorMessage(query.error, 'Failed to fetch users')}</ErrorAlert>
      </Stack>
    );
  }
  const detail = query.data;
  if (!detail) return <ListSpinner label="Loading user" />;
  const { user } = detail;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <Stack gap="6">
      {back}
      <Flex gap="3" align="center" wrap="wrap">
        <Stack gap="1" flex="1" minW="48">
          <HStack gap="2" wrap="wrap">
            <Heading as="h1" size="2xl">
              {name}
            </Heading>
            <UserStatusBadge status={user.status} />
            <Badge variant="outline">{humanize(user.role)}</Badge>
          </HStack>
          <Text color="fg.muted">{user.email}</Text>
        </Stack>
        <HStack gap="2">
          <Button
            variant="outline"
            colorPalette={user.isBlocked ? 'green' : 'orange'}
            loading={actions.blockingId === user.id}
            onClick={() => void actions.setBlocked(user.id, !user.isBlocked)}
          >
            {user.isBlocked ? 'Unblock' : 'Block'}
          </Button>
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </HStack>
      </Flex>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <SectionCard title="Profile">
          <DetailList
            rows={[
              { label: 'Phone', value: user.phoneNumber || '—' },
              {
                label: 'Date of birth',
                value: user.dateOfBirth ? formatDate(`${user.dateOfBirth}T12:00:00`) : '—',
              },
              {
                label: 'Address',
                value:
                  [
                    user.address.street,
                    user.address.city,
                    user.address.state,
                    user.address.zipCode,
                    user.address.country,
                  ]
                    .filter(Boolean)
                    .join(', ') || '—',
              },
              { label: 'E-mail verified', value: user.isEmailVerified ? 'Yes' : 'No' },
              { label: 'Two-factor', value: user.twoFactorEnabled ? 'On' : 'Off' },
              { label: 'Joined', value: formatDate(user.createdAt) },
            ]}
          />
        </SectionCard>
        <SectionCard title="Accounts">
          <Stack gap="3">
            {detail.accounts.map((account) => (
              <Flex key={account.id} justify="space-between" gap="3" wrap="wrap">
                <Stack gap="0">
                  <Text fontWeight="medium">{`${humanize(account.type)} •••• ${account.accountNumber.slice(-4)}`}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {`${account.currency}, opened ${formatDate(account.createdAt)}`}
                  </Text>
                </Stack>
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {formatMoney(account.balance)}
                </Text>
              </Flex>
            ))}
            <Flex justify="space-between" borderTopWidth="1px" pt="3">
              <Text color="fg.muted">Total balance</Text>
              <Text fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatMoney(detail.balance)}
              </Text>
            </Flex>
          </Stack>
        </SectionCard>
      </SimpleGrid>

      <SectionCard title="Edit user">
        <Suspense fallback={<Skeleton h="48" />}>
          <EditUserForm key={`${user.id}:${user.role}:${user.withdrawalLimit}`} detail={detail} />
        </Suspense>
      </SectionCard>

      <SectionCard title="Recent transactions">
        {detail.recentTransactions.length === 0 ? (
          <EmptyList title="No transactions yet" />
        ) : (
          <DataTable
            label="Recent transactions"
            rows={detail.recentTransactions}
            columns={transactionColumns}
            rowKey={(transaction) => transaction.id}
          />
        )}
      </SectionCard>

      <AccountRestrictionsPanel userId={user.id} />
      <UserScheduledTransfers userId={user.id} />

      <SessionsSection detail={detail} />

      <SectionCard title="Audit events">
        {detail.auditEvents.length === 0 ? (
          <Text color="fg.muted">No recent activity</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
            {detail.auditEvents.map((event) => (
              <Flex
                as="li"
                key={event.id}
                gap={{ base: '0', sm: '3' }}
                justify="space-between"
                direction={{ base: 'column', sm: 'row' }}
              >
                <Text>
                  {auditEntryLabel(event.event, event.details)}
                  {actedByText(event.actor, user.id) ? (
                    <Text as="span" color="fg.muted">
                      {' '}
                      {actedByText(event.actor, user.id)}
                    </Text>
                  ) : null}
                </Text>
                <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
                  {formatDateTime(event.createdAt)}
                </Text>
              </Flex>
            ))}
          </Stack>
        )}
      </SectionCard>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete user"
        confirmLabel="Delete"
        pending={actions.deleting}
        onConfirm={() => {
          void actions.deleteUser(user.id).then((deleted) => {
            setConfirmDelete(false);
            if (deleted) void navigate({ to: '/admin/users' });
          });
        }}
        onClose={() => setConfirmDelete(false)}
      >
        Are you sure you want to delete this user?
      </ConfirmDialog>
    </Stack>
  );
}

import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { type Column, cellStyles } from '../../components/data-table.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { EmptyList } from '../../components/list-states.tsx';
import { TransactionStatusBadge } from '../../components/money.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatDateTime, formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { auditEntryLabel } from './audit-events.ts';
import { actedByText } from './audit-people.tsx';
import { Device } from './device-cell.tsx';
import { TableSection } from './rows-table.tsx';
import { dateColumn, dateTimeColumn, figureColumn } from './table-columns.tsx';

/** The sections of the user page that read the user's own answer (`admin.user`). */
export type UserDetail = RouterOutputs['admin']['user'];

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

export function ProfileSection({ user }: { user: UserDetail['user'] }) {
  const address = [
    user.address.street,
    user.address.city,
    user.address.state,
    user.address.zipCode,
    user.address.country,
  ];
  return (
    <SectionCard title="Profile">
      <DetailList
        rows={[
          { label: 'Phone', value: user.phoneNumber || '—' },
          {
            label: 'Date of birth',
            value: user.dateOfBirth ? formatDate(`${user.dateOfBirth}T12:00:00`) : '—',
          },
          { label: 'Address', value: address.filter(Boolean).join(', ') || '—' },
          { label: 'E-mail verified', value: user.isEmailVerified ? 'Yes' : 'No' },
          { label: 'Two-factor', value: user.twoFactorEnabled ? 'On' : 'Off' },
          { label: 'Joined', value: formatDate(user.createdAt) },
        ]}
      />
    </SectionCard>
  );
}

export function AccountsSection({ detail }: { detail: UserDetail }) {
  return (
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
  );
}

export function RecentTransactionsSection({ detail }: { detail: UserDetail }) {
  return (
    <TableSection
      title="Recent transactions"
      rows={detail.recentTransactions}
      columns={transactionColumns}
      empty={<EmptyList title="No transactions yet" />}
    />
  );
}

export function SessionsSection({ detail }: { detail: UserDetail }) {
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
    <TableSection
      title="Sessions"
      label="Open sessions"
      rows={detail.sessions}
      columns={sessionColumns}
      empty={<Text color="fg.muted">No open sessions</Text>}
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
    />
  );
}

export function AuditEventsSection({ detail }: { detail: UserDetail }) {
  const userId = detail.user.id;
  return (
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
                {actedByText(event.actor, userId) ? (
                  <Text as="span" color="fg.muted">
                    {' '}
                    {actedByText(event.actor, userId)}
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
  );
}

import { userRoles, userStatuses } from '@bank/validators/enums';
import {
  Badge,
  Box,
  Link as ChakraLink,
  HStack,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuLock, LuLockOpen, LuTrash2 } from 'react-icons/lu';
import { type Column, ListTable, pagingOf } from '../../components/data-table.tsx';
import { type FilterField, SearchFilters } from '../../components/search-filters.tsx';
import { formatMoney, humanize } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { AddUserButton } from './add-user-button.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { filteredEmpty } from './filtered-empty.ts';
import { PageHeadingWithActions } from './page-heading.tsx';
import { dateColumn, figureColumn } from './table-columns.tsx';
import { type UserActions, useUserActions } from './user-actions.ts';
import { type UserSearch, userListInput } from './user-search.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

type ListedUser = RouterOutputs['admin']['users']['data'][number];

const masked = (accountNumber: string | null) =>
  accountNumber ? `•••• ${accountNumber.slice(-4)}` : '—';

function StatTile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.subtle">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value ?? '—'}
      </Text>
    </Box>
  );
}

/** The directory's four counts, over every user whatever the filters. */
function UserStats() {
  const stats = trpc.admin.userStats.useQuery();
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      <StatTile label="Total users" value={stats.data?.totalUsers} />
      <StatTile label="Active" value={stats.data?.activeUsers} />
      <StatTile label="Blocked" value={stats.data?.blockedUsers} />
      <StatTile label="New this month" value={stats.data?.newUsersThisMonth} />
    </SimpleGrid>
  );
}

function UserName({ user }: { user: ListedUser }) {
  return (
    <Stack gap="0">
      <ChakraLink asChild fontWeight="medium" variant="underline">
        <Link to="/admin/users/$userId" params={{ userId: user.id }}>
          {`${user.firstName} ${user.lastName}`}
        </Link>
      </ChakraLink>
      <Text fontSize="xs" color="fg.muted">
        {user.email}
      </Text>
    </Stack>
  );
}

/** Block or unblock, and delete; not on one's own row: the server refuses both to oneself. */
function UserRowActions(props: {
  user: ListedUser;
  myId: string;
  actions: UserActions;
  onDelete: (user: ListedUser) => void;
}) {
  const { user, actions } = props;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <HStack gap="1" hidden={user.id === props.myId}>
      <IconButton
        size="xs"
        variant="subtle"
        colorPalette={user.isBlocked ? 'green' : 'orange'}
        aria-label={user.isBlocked ? `Unblock ${name}` : `Block ${name}`}
        title={user.isBlocked ? 'Unblock' : 'Block'}
        loading={actions.blockingId === user.id}
        onClick={() => void actions.setBlocked(user.id, !user.isBlocked)}
      >
        {user.isBlocked ? <LuLockOpen /> : <LuLock />}
      </IconButton>
      <IconButton
        size="xs"
        variant="subtle"
        colorPalette="red"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={() => props.onDelete(user)}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}

function userColumns(options: {
  myId: string;
  actions: UserActions;
  onDelete: (user: ListedUser) => void;
}): Column<ListedUser>[] {
  return [
    { header: 'User', cell: (user) => <UserName user={user} /> },
    {
      header: 'Account',
      cell: (user) => masked(user.accountNumber),
      cellProps: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    },
    {
      header: 'Role',
      cell: (user) => (
        <Badge variant="outline" colorPalette={user.role === 'user' ? 'gray' : 'purple'}>
          {humanize(user.role)}
        </Badge>
      ),
    },
    { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} /> },
    figureColumn('Balance', (user) => (user.balance === null ? '—' : formatMoney(user.balance))),
    dateColumn('Joined', (user) => user.createdAt),
    {
      header: 'Actions',
      cell: (user) => <UserRowActions user={user} {...options} />,
    },
  ];
}

const filters: FilterField<UserSearch>[] = [
  {
    key: 'searchQuery',
    label: 'Search',
    type: 'search',
    placeholder: 'Name, e-mail or account number',
  },
  { key: 'role', label: 'Role', options: userRoles },
  { key: 'status', label: 'Status', options: userStatuses },
  { key: 'startDate', label: 'Joined from', type: 'date' },
  { key: 'endDate', label: 'Joined to', type: 'date' },
];

/** docs/product.md 2.25: search, filters, a table with block/unblock and delete, server pages. */
export function UserManagementPage(props: {
  search: UserSearch;
  onSearchChange: (next: UserSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const me = useCurrentUser();
  const list = trpc.admin.users.useQuery(userListInput(search), {
    placeholderData: keepPreviousData,
  });
  const actions = useUserActions();
  const [deleting, setDeleting] = useState<ListedUser | null>(null);
  const hasFilters = Object.entries(search).some(([key, value]) => key !== 'page' && value);

  const data = list.data;
  return (
    <Stack gap="6">
      <PageHeadingWithActions title="User Management">
        <AddUserButton />
      </PageHeadingWithActions>

      <UserStats />

      <SearchFilters search={search} onChange={onSearchChange} fields={filters} />

      <ListTable
        label="Users"
        query={list}
        rows={data?.data}
        columns={userColumns({ myId: me.id, actions, onDelete: setDeleting })}
        rowKey={(user) => user.id}
        loadingLabel="Loading users"
        failedMessage="Failed to fetch users"
        empty={filteredEmpty('No users found', hasFilters)}
        pagination={pagingOf(data, (next) => onSearchChange({ ...search, page: next }))}
      />
      <DeleteUserDialog
        userId={deleting?.id ?? null}
        actions={actions}
        onDone={() => setDeleting(null)}
      />
    </Stack>
  );
}

import { userRoles, userStatuses } from '@bank/validators/enums';
import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { LuLock, LuLockOpen, LuTrash2, LuUserPlus } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, Pagination, ScrollTable } from './admin-table.tsx';
import { FilterGrid, FilterInput, FilterSelect } from './list-filters.tsx';
import { useUserActions } from './user-actions.ts';
import { type UserSearch, userListInput } from './user-search.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

const loadCreateUserDialog = () => import('./create-user-dialog.tsx');
const CreateUserDialog = lazy(() =>
  loadCreateUserDialog().then((module) => ({ default: module.CreateUserDialog })),
);

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

function Filters(props: { search: UserSearch; onChange: (next: UserSearch) => void }) {
  const { search } = props;
  const set = (patch: Partial<UserSearch>) => props.onChange({ ...search, ...patch, page: 1 });
  return (
    <FilterGrid columns={5}>
      <FilterInput
        label="Search"
        type="search"
        placeholder="Name, e-mail or account number"
        value={search.searchQuery}
        onChange={(searchQuery) => set({ searchQuery })}
      />
      <FilterSelect
        label="Role"
        value={search.role}
        options={userRoles}
        onChange={(role) => set({ role })}
      />
      <FilterSelect
        label="Status"
        value={search.status}
        options={userStatuses}
        onChange={(status) => set({ status })}
      />
      <FilterInput
        label="Joined from"
        type="date"
        value={search.startDate}
        onChange={(startDate) => set({ startDate })}
      />
      <FilterInput
        label="Joined to"
        type="date"
        value={search.endDate}
        onChange={(endDate) => set({ endDate })}
      />
    </FilterGrid>
  );
}

/** SPEC.md 2.25: search, filters, a table with block/unblock and delete, server pages. */
export function UserManagementPage(props: {
  search: UserSearch;
  onSearchChange: (next: UserSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const me = useCurrentUser();
  const list = trpc.admin.users.useQuery(userListInput(search), {
    placeholderData: keepPreviousData,
  });
  const stats = trpc.admin.userStats.useQuery();
  const actions = useUserActions();
  const [deleting, setDeleting] = useState<ListedUser | null>(null);
  const [creating, setCreating] = useState(false);
  // Mounted from the first click on: closing then animates, and reopening needs no new load.
  const [createMounted, setCreateMounted] = useState(false);
  const hasFilters = Object.entries(search).some(([key, value]) => key !== 'page' && value);

  const data = list.data;
  return (
    <Stack gap="6">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl" flex="1" minW="48">
          User Management
        </Heading>
        <Button
          aria-haspopup="dialog"
          aria-expanded={creating}
          onPointerEnter={() => void loadCreateUserDialog()}
          onFocus={() => void loadCreateUserDialog()}
          onClick={() => {
            setCreateMounted(true);
            setCreating(true);
          }}
        >
          <LuUserPlus aria-hidden="true" /> Add User
        </Button>
        {createMounted ? (
          <Suspense fallback={null}>
            <CreateUserDialog open={creating} onOpenChange={setCreating} />
          </Suspense>
        ) : null}
      </Flex>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatTile label="Total users" value={stats.data?.totalUsers} />
        <StatTile label="Active" value={stats.data?.activeUsers} />
        <StatTile label="Blocked" value={stats.data?.blockedUsers} />
        <StatTile label="New this month" value={stats.data?.newUsersThisMonth} />
      </SimpleGrid>

      <Filters search={search} onChange={onSearchChange} />

      {list.isError ? (
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch users')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading users" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList
            title="No users found"
            hint={hasFilters ? 'Try other filters, or clear them.' : undefined}
          />
        </Box>
      ) : (
        <>
          <ScrollTable label="Users" busy={list.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>User</Table.ColumnHeader>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
                <Table.ColumnHeader>Joined</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                return (
                  <Table.Row key={user.id}>
                    <Table.Cell>
                      <Stack gap="0">
                        <ChakraLink asChild fontWeight="medium" variant="underline">
                          <Link to="/admin/users/$userId" params={{ userId: user.id }}>
                            {name}
                          </Link>
                        </ChakraLink>
                        <Text fontSize="xs" color="fg.muted">
                          {user.email}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {masked(user.accountNumber)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge
                        variant="outline"
                        colorPalette={user.role === 'user' ? 'gray' : 'purple'}
                      >
                        {humanize(user.role)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <UserStatusBadge status={user.status} />
                    </Table.Cell>
                    <Table.Cell
                      textAlign="end"
                      whiteSpace="nowrap"
                      fontVariantNumeric="tabular-nums"
                    >
                      {user.balance === null ? '—' : formatMoney(user.balance)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(user.createdAt)}</Table.Cell>
                    <Table.Cell>
                      {/* Not on one's own row: the server refuses to block or delete oneself. */}
                      <HStack gap="1" hidden={user.id === me.id}>
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
                          onClick={() => setDeleting(user)}
                        >
                          <LuTrash2 />
                        </IconButton>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={data.page}
            limit={data.limit}
            count={data.count}
            total={data.total}
            hasNext={data.hasMore}
            onPage={(next) => onSearchChange({ ...search, page: next })}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        confirmLabel="Delete"
        pending={actions.deleting}
        onConfirm={() => {
          if (deleting) void actions.deleteUser(deleting.id).then(() => setDeleting(null));
        }}
        onClose={() => setDeleting(null)}
      >
        Are you sure you want to delete this user?
      </ConfirmDialog>
    </Stack>
  );
}

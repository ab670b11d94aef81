import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirmation } from '../../components/confirm-dialog.tsx';
import { addressColumn, type Column, ListTable, pagingOf } from '../../components/data-table.tsx';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { Device } from './device-cell.tsx';
import { actionsColumn, dateTimeColumn } from './table-columns.tsx';
import { useDebounced } from './use-debounced.ts';
import { UserFilterField } from './user-filter-field.tsx';

const PAGE_SIZE = 20;

type OpenSession = RouterOutputs['oversight']['sessions']['data'][number];

function SessionUser({ user }: { user: OpenSession['user'] }) {
  return (
    <Stack gap="0">
      <HStack gap="2">
        <Text fontWeight="medium">{`${user.firstName} ${user.lastName}`}</Text>
        {user.role !== 'user' ? (
          <Badge size="sm" variant="subtle">
            {user.role === 'admin' ? 'Administrator' : 'Support'}
          </Badge>
        ) : null}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {user.email}
      </Text>
    </Stack>
  );
}

function sessionColumns(onEnd: (session: OpenSession) => void): Column<OpenSession>[] {
  return [
    { header: 'User', cell: (session) => <SessionUser user={session.user} /> },
    addressColumn((session) => session.ip),
    { header: 'Device', cell: (session) => <Device userAgent={session.userAgent} /> },
    dateTimeColumn('Last seen', (session) => session.lastSeenAt),
    actionsColumn(
      (session) =>
        session.current ? (
          // Your own session ends by signing out, not from here.
          <Badge variant="outline" colorPalette="green">
            This session
          </Badge>
        ) : (
          <DangerRowButton
            aria-label={`End session of ${session.user.email}${session.ip ? ` from ${session.ip}` : ''}`}
            onClick={() => onEnd(session)}
          >
            End session
          </DangerRowButton>
        ),
      { textAlign: 'end' },
    ),
  ];
}

/** The security screen's second tab: every user's open sessions; one can be ended. */
export function OpenSessions() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [user, setUser] = useState<string | undefined>(undefined);
  const utils = trpc.useUtils();
  useDebounced(typed, (value) => {
    const next = value.trim() || undefined;
    setUser((current) => {
      if (current !== next) setPage(1);
      return next;
    });
  });
  const list = trpc.oversight.sessions.useQuery(
    { page, limit: PAGE_SIZE, user },
    { placeholderData: keepPreviousData },
  );
  const end = trpc.oversight.endSession.useMutation();
  const ending = useConfirmation<OpenSession>({
    title: 'End this session?',
    confirmLabel: 'End session',
    question: (session) =>
      `${session.user.email} is signed out on that device at once, and its live connection closes.`,
    pending: end.isPending,
    run: (row) => end.mutateAsync({ id: row.id }),
    failedMessage: 'Failed to end the session',
    reload: () => utils.oversight.sessions.invalidate(),
  });

  return (
    <Stack gap="4">
      <UserFilterField value={typed} onChange={setTyped} maxW={{ base: 'full', sm: 'sm' }} />
      <ListTable
        label="Open sessions"
        query={list}
        rows={list.data?.data}
        columns={sessionColumns(ending.ask)}
        rowKey={(session) => session.id}
        loadingLabel="Loading sessions"
        failedMessage="Failed to fetch sessions"
        empty={{ title: 'No open sessions' }}
        pagination={pagingOf(list.data, setPage)}
      />
      {ending.dialog}
    </Stack>
  );
}

import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { addressColumn, type Column, ListTable, pagingOf } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { Device } from './device-cell.tsx';
import { dateTimeColumn } from './table-columns.tsx';
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
    {
      header: 'Actions',
      hideHeader: true,
      cellProps: { textAlign: 'end' },
      cell: (session) =>
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
    },
  ];
}

/** The security screen's second tab: every user's open sessions; one can be ended. */
export function OpenSessions() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [user, setUser] = useState<string | undefined>(undefined);
  const [ending, setEnding] = useState<OpenSession | null>(null);
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
  const end = trpc.oversight.endSession.useMutation({
    onSuccess: async (answer) => {
      notify({ type: 'success', message: answer.message });
      setEnding(null);
      await utils.oversight.sessions.invalidate();
    },
    onError: (error) => {
      notify({ type: 'error', message: errorMessage(error, 'Failed to end the session') });
    },
  });

  return (
    <Stack gap="4">
      <UserFilterField value={typed} onChange={setTyped} maxW={{ base: 'full', sm: 'sm' }} />
      <ListTable
        label="Open sessions"
        query={list}
        rows={list.data?.data}
        columns={sessionColumns(setEnding)}
        rowKey={(session) => session.id}
        loadingLabel="Loading sessions"
        failedMessage="Failed to fetch sessions"
        empty={{ title: 'No open sessions' }}
        pagination={pagingOf(list.data, setPage)}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End this session?"
        confirmLabel="End session"
        pending={end.isPending}
        onConfirm={() => {
          if (ending) end.mutate({ id: ending.id });
        }}
        onClose={() => setEnding(null)}
      >
        {ending
          ? `${ending.user.email} is signed out on that device at once, and its live connection closes.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

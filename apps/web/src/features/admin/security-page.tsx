import { type AuditEvent, auditEventLabels, auditEvents } from '@bank/validators/audit-events';
import { signInFailureWindows } from '@bank/validators/enums';
import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, Pagination, ScrollTable } from './admin-table.tsx';
import { auditEntryLabel, isFailureEvent } from './audit-events.ts';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 400;

/** What the URL keeps of the audit log: its page and filters. */
export interface SecuritySearch {
  page?: number;
  event?: AuditEvent;
  user?: string;
  startDate?: string;
  endDate?: string;
}

type OpenSession = RouterOutputs['oversight']['sessions']['data'][number];

/** Events in label order, so the filter reads alphabetically. */
const eventOptions = [...auditEvents].sort((a, b) =>
  auditEventLabels[a].localeCompare(auditEventLabels[b]),
);

function isAuditEventValue(value: string): value is AuditEvent {
  return auditEvents.some((event) => event === value);
}

/** A text box that reports what is typed once typing pauses (or on Enter). */
function useDebounced(value: string, onCommit: (value: string) => void) {
  useEffect(() => {
    const timer = setTimeout(() => onCommit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, onCommit]);
}

function Device({ userAgent }: { userAgent: string | null }) {
  if (!userAgent) return <>—</>;
  return (
    <Text maxW="56" truncate title={userAgent}>
      {userAgent}
    </Text>
  );
}

function AuditFilters(props: { search: SecuritySearch; onChange: (next: SecuritySearch) => void }) {
  const { search, onChange } = props;
  const [user, setUser] = useState(search.user ?? '');
  // Another change of the URL (Clear filters, back button) resets the box.
  useEffect(() => setUser(search.user ?? ''), [search.user]);
  const commitUser = (value: string) => {
    const next = value.trim() || undefined;
    if (next !== search.user) onChange({ ...search, user: next, page: undefined });
  };
  useDebounced(user, commitUser);
  const set = (patch: Partial<SecuritySearch>) =>
    onChange({ ...search, ...patch, page: undefined });
  const filtered = Boolean(search.event || search.user || search.startDate || search.endDate);

  return (
    <Stack
      as="section"
      aria-label="Audit log filters"
      gap="3"
      p={{ base: '4', md: '5' }}
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.subtle"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Field.Root>
          <Field.Label>Event</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={search.event ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                set({ event: isAuditEventValue(value) ? value : undefined });
              }}
            >
              <option value="">All events</option>
              {eventOptions.map((event) => (
                <option key={event} value={event}>
                  {auditEventLabels[event]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>User</Field.Label>
          <Input
            type="search"
            placeholder="E-mail or name"
            value={user}
            onChange={(event) => setUser(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitUser(user);
            }}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>From</Field.Label>
          <Input
            type="date"
            value={search.startDate ?? ''}
            max={search.endDate}
            onChange={(event) => set({ startDate: event.target.value || undefined })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>To</Field.Label>
          <Input
            type="date"
            value={search.endDate ?? ''}
            min={search.startDate}
            onChange={(event) => set({ endDate: event.target.value || undefined })}
          />
        </Field.Root>
      </SimpleGrid>
      {filtered ? (
        <Box>
          <Button size="sm" variant="ghost" onClick={() => onChange({})}>
            Clear filters
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function AuditLog(props: {
  search: SecuritySearch;
  onSearchChange: (next: SecuritySearch) => void;
}) {
  const { search, onSearchChange } = props;
  const page = search.page ?? 1;
  const log = trpc.admin.auditLog.useQuery(
    {
      page,
      limit: PAGE_SIZE,
      event: search.event,
      user: search.user,
      startDate: search.startDate,
      endDate: search.endDate,
    },
    { placeholderData: keepPreviousData },
  );
  const data = log.data;
  const filtered = Boolean(search.event || search.user || search.startDate || search.endDate);

  return (
    <Stack gap="4">
      <AuditFilters search={search} onChange={onSearchChange} />
      {log.isError ? (
        <ErrorAlert>{errorMessage(log.error, 'Failed to fetch the audit log')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading the audit log" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList
            title="No events recorded"
            hint={filtered ? 'Try other filters, or clear them.' : undefined}
          />
        </Box>
      ) : (
        <>
          <ScrollTable label="Audit log" busy={log.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>User</Table.ColumnHeader>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader>Device</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((entry) => {
                const failed = isFailureEvent(entry.event);
                return (
                  <Table.Row key={entry.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.createdAt)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <Text color={failed ? 'red.fg' : undefined} fontWeight="medium">
                        {auditEntryLabel(entry.event, entry.details)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{entry.userEmail ?? entry.email ?? '—'}</Table.Cell>
                    <Table.Cell fontFamily={entry.ip ? 'mono' : undefined} whiteSpace="nowrap">
                      {entry.ip ?? '—'}
                    </Table.Cell>
                    <Table.Cell>
                      <Device userAgent={entry.userAgent} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={data.page}
            limit={data.limit}
            count={data.data.length}
            total={data.total}
            hasNext={data.hasMore}
            onPage={(next) => onSearchChange({ ...search, page: next })}
          />
        </>
      )}
    </Stack>
  );
}

function OpenSessions() {
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
  const data = list.data;

  return (
    <Stack gap="4">
      <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
        <Field.Label>User</Field.Label>
        <Input
          type="search"
          placeholder="E-mail or name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Field.Root>
      {list.isError ? (
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch sessions')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading sessions" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList title="No open sessions" />
        </Box>
      ) : (
        <>
          <ScrollTable label="Open sessions" busy={list.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>User</Table.ColumnHeader>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader>Device</Table.ColumnHeader>
                <Table.ColumnHeader>Last seen</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>Actions</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((session) => (
                <Table.Row key={session.id}>
                  <Table.Cell>
                    <Stack gap="0">
                      <HStack gap="2">
                        <Text fontWeight="medium">{`${session.user.firstName} ${session.user.lastName}`}</Text>
                        {session.user.role !== 'user' ? (
                          <Badge size="sm" variant="subtle">
                            {session.user.role === 'admin' ? 'Administrator' : 'Support'}
                          </Badge>
                        ) : null}
                      </HStack>
                      <Text fontSize="xs" color="fg.muted">
                        {session.user.email}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell fontFamily={session.ip ? 'mono' : undefined} whiteSpace="nowrap">
                    {session.ip ?? '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <Device userAgent={session.userAgent} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(session.lastSeenAt)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {session.current ? (
                      // Your own session ends by signing out, not from here.
                      <Badge variant="outline" colorPalette="green">
                        This session
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`End session of ${session.user.email}${session.ip ? ` from ${session.ip}` : ''}`}
                        onClick={() => setEnding(session)}
                      >
                        End session
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={data.page}
            limit={data.limit}
            count={data.data.length}
            total={data.total}
            hasNext={data.hasMore}
            onPage={setPage}
          />
        </>
      )}
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

function FailedSignIns() {
  const [days, setDays] = useState<(typeof signInFailureWindows)[number]>(7);
  const [page, setPage] = useState(1);
  const failures = trpc.oversight.signInFailures.useQuery(
    { days, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const data = failures.data;
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" flex="1" minW="48">
          Failed sign-ins grouped by the address they came from, busiest first.
        </Text>
        <HStack gap="0" role="group" aria-label="Window">
          {signInFailureWindows.map((window) => (
            <Button
              key={window}
              size="sm"
              variant={window === days ? 'solid' : 'outline'}
              aria-pressed={window === days}
              borderRadius="0"
              _first={{ borderStartRadius: 'l2' }}
              _last={{ borderEndRadius: 'l2' }}
              onClick={() => {
                setDays(window);
                setPage(1);
              }}
            >
              {window === 1 ? '24 hours' : `${window} days`}
            </Button>
          ))}
        </HStack>
      </Flex>
      {failures.isError ? (
        <ErrorAlert>{errorMessage(failures.error, 'Failed to fetch failed sign-ins')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading failed sign-ins" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList title="No failed sign-ins" />
        </Box>
      ) : (
        <>
          <ScrollTable label="Failed sign-ins by address" busy={failures.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>Last attempt</Table.ColumnHeader>
                <Table.ColumnHeader>E-mails tried</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((row) => (
                <Table.Row key={row.ip ?? 'unknown'}>
                  <Table.Cell fontFamily={row.ip ? 'mono' : undefined} whiteSpace="nowrap">
                    {row.ip ?? 'Unknown'}
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" fontWeight="medium">
                    {row.attempts}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(row.lastAttempt)}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="0.5">
                      {row.emails.map((email) => (
                        <Text key={email} fontSize="sm" overflowWrap="anywhere">
                          {email}
                        </Text>
                      ))}
                      {row.emailCount > row.emails.length ? (
                        <Text fontSize="xs" color="fg.muted">
                          {`and ${row.emailCount - row.emails.length} more`}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={data.page}
            limit={data.limit}
            count={data.data.length}
            total={data.total}
            hasNext={data.hasMore}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * DESIGN.md 5: the audit log with its filters, every user's open sessions (an administrator can
 * end one), and failed sign-ins grouped by address.
 */
export function SecurityPage(props: {
  search: SecuritySearch;
  onSearchChange: (next: SecuritySearch) => void;
}) {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Security
        </Heading>
        <Text color="fg.muted">
          Every sign-in, failed attempt, account change and block, newest first; open sessions; and
          where failed sign-ins come from.
        </Text>
      </Stack>
      <Tabs.Root defaultValue="audit" variant="line" size={{ base: 'sm', md: 'md' }} lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger whiteSpace="nowrap" value="audit">
            Audit log
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" value="sessions">
            Open sessions
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" value="failures">
            Failed sign-ins
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="audit" pt="5">
          <AuditLog search={props.search} onSearchChange={props.onSearchChange} />
        </Tabs.Content>
        <Tabs.Content value="sessions" pt="5">
          <OpenSessions />
        </Tabs.Content>
        <Tabs.Content value="failures" pt="5">
          <FailedSignIns />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

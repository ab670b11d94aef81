import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, Pagination, ScrollTable } from './admin-table.tsx';
import { auditEntryLabel, isFailureEvent } from './audit-events.ts';

const PAGE_SIZE = 20;

/** DESIGN.md 5: the audit log (sign-ins, failures, account changes, blocks), newest first. */
export function SecurityPage(props: { page: number; onPageChange: (page: number) => void }) {
  const { page, onPageChange } = props;
  const log = trpc.admin.auditLog.useQuery(
    { page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const data = log.data;

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Security
        </Heading>
        <Text color="fg.muted">
          Every sign-in, failed attempt, account change and block, newest first.
        </Text>
      </Stack>
      {log.isError ? (
        <ErrorAlert>{errorMessage(log.error, 'Failed to fetch the audit log')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading the audit log" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList title="No events recorded" />
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
                      {entry.userAgent ? (
                        <Text maxW="56" truncate title={entry.userAgent}>
                          {entry.userAgent}
                        </Text>
                      ) : (
                        '—'
                      )}
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
            onPage={onPageChange}
          />
        </>
      )}
    </Stack>
  );
}

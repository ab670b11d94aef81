import { signInFailureWindows } from '@bank/validators/enums';
import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { addressColumn, type Column, ListTable, pagingOf } from '../../components/data-table.tsx';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { dateTimeColumn } from './table-columns.tsx';

const PAGE_SIZE = 20;

type FailureGroup = RouterOutputs['oversight']['signInFailures']['data'][number];

function EmailsTried({ row }: { row: FailureGroup }) {
  return (
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
  );
}

const columns: Column<FailureGroup>[] = [
  addressColumn((row) => row.ip, 'Unknown'),
  {
    header: 'Attempts',
    headerProps: { textAlign: 'end' },
    cell: (row) => row.attempts,
    cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' },
  },
  dateTimeColumn('Last attempt', (row) => row.lastAttempt),
  { header: 'E-mails tried', cell: (row) => <EmailsTried row={row} /> },
];

/** The security screen's third tab: failed sign-ins grouped by address, busiest first. */
export function FailedSignIns() {
  const [days, setDays] = useState<(typeof signInFailureWindows)[number]>(7);
  const [page, setPage] = useState(1);
  const failures = trpc.oversight.signInFailures.useQuery(
    { days, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
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
      <ListTable
        label="Failed sign-ins by address"
        query={failures}
        rows={failures.data?.data}
        columns={columns}
        rowKey={(row) => row.ip ?? 'unknown'}
        loadingLabel="Loading failed sign-ins"
        failedMessage="Failed to fetch failed sign-ins"
        empty={{ title: 'No failed sign-ins' }}
        pagination={pagingOf(failures.data, setPage)}
      />
    </Stack>
  );
}

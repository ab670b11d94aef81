import { Badge, Button, Link as ChakraLink, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuCalendarPlus } from 'react-icons/lu';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { payeeAndAmountColumns } from '../../components/scheduled-transfer-columns.tsx';
import { formatCalendarDay } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { endLabel, frequencyLabel, type ScheduledTransfer, statusBadge } from './labels.ts';

const columns: Column<ScheduledTransfer>[] = [
  ...payeeAndAmountColumns<ScheduledTransfer>((row) => (
    <ChakraLink asChild fontWeight="medium">
      <Link to="/transfers/scheduled/$id" params={{ id: row.id }}>
        {row.payee.name}
      </Link>
    </ChakraLink>
  )),
  {
    header: 'How often',
    cell: (row) => (
      <Stack gap="0">
        <Text>{frequencyLabel[row.frequency]}</Text>
        <Text fontSize="sm" color="fg.muted">
          {endLabel(row)}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Next payment',
    cell: (row) => (row.nextRunDate ? formatCalendarDay(row.nextRunDate) : '—'),
    cellProps: cellStyles.nowrap,
  },
  {
    header: 'Status',
    cell: (row) => (
      <HStack gap="2">
        <Badge colorPalette={statusBadge[row.status].palette}>
          {statusBadge[row.status].label}
        </Badge>
      </HStack>
    ),
  },
];

/** The customer's scheduled and recurring transfers: open ones first, by their next date. */
export function ScheduledListPage() {
  const list = trpc.scheduled.list.useQuery();
  return (
    <Stack gap="6">
      <PageTitle
        title="Scheduled Transfers"
        action={
          <Button asChild alignSelf={{ base: 'flex-start', sm: 'auto' }}>
            <Link to="/transfers/scheduled/new">
              <LuCalendarPlus aria-hidden="true" /> Schedule a transfer
            </Link>
          </Button>
        }
      >
        Payments to your payees on a date, or every week, two weeks or month.
      </PageTitle>
      <ListTable
        label="Scheduled transfers"
        query={list}
        rows={list.data?.data}
        columns={columns}
        rowKey={(row) => row.id}
        loadingLabel="Loading scheduled transfers"
        failedMessage="Error loading scheduled transfers"
        empty={{
          title: 'No scheduled transfers yet',
          hint: 'Schedule rent, savings or any regular payment to one of your payees.',
        }}
      />
    </Stack>
  );
}

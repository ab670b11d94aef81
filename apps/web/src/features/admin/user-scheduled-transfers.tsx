import { Badge, Stack, Text } from '@chakra-ui/react';
import { useConfirmation } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles } from '../../components/data-table.tsx';
import { EmptyList } from '../../components/list-states.tsx';
import { payeeAndAmountColumns } from '../../components/scheduled-transfer-columns.tsx';
import { formatMoney, humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { QuerySection } from './query-body.tsx';
import { RowsTable } from './rows-table.tsx';
import { actionsColumn } from './table-columns.tsx';

type Schedule = RouterOutputs['scheduled']['ofUser']['data'][number];

const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (day: string | null) =>
  day ? calendarDay.format(new Date(`${day}T00:00:00Z`)) : '—';

const isOpen = (row: Schedule) =>
  row.status === 'active' || row.status === 'paused' || row.status === 'suspended';

/**
 * A customer's scheduled transfers on the user page: what they pay, to whom, when next; staff
 * may cancel one (audited, and the customer is told).
 */
export function UserScheduledTransfers({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const schedules = trpc.scheduled.ofUser.useQuery({ id: userId });
  const cancel = trpc.scheduled.staffCancel.useMutation();
  const cancelling = useConfirmation<Schedule>({
    title: 'Cancel scheduled transfer',
    confirmLabel: 'Cancel transfer',
    question: (row) =>
      `No more payments of ${formatMoney(row.amount)} to ${row.payee.name} will be made. The customer is told.`,
    pending: cancel.isPending,
    run: (row) => cancel.mutateAsync({ id: row.id }),
    failedMessage: 'Failed to cancel the transfer',
    reload: () => utils.scheduled.ofUser.invalidate({ id: userId }),
  });

  const columns: Column<Schedule>[] = [
    ...payeeAndAmountColumns<Schedule>((row) => (
      <Text>{`${row.payee.name} (••••${row.payee.accountNumber})`}</Text>
    )),
    {
      header: 'How often',
      cell: (row) => humanize(row.frequency),
    },
    { header: 'Next', cell: (row) => dayLabel(row.nextRunDate), cellProps: cellStyles.nowrap },
    {
      header: 'Status',
      cell: (row) => (
        <Stack gap="0">
          <Badge alignSelf="flex-start">{humanize(row.status)}</Badge>
          {row.statusReason ? <Text fontSize="sm">{row.statusReason}</Text> : null}
        </Stack>
      ),
    },
    actionsColumn((row) =>
      isOpen(row) ? (
        <DangerRowButton
          onClick={() => cancelling.ask(row)}
          aria-label={`Cancel the transfer to ${row.payee.name}`}
        >
          Cancel
        </DangerRowButton>
      ) : null,
    ),
  ];

  return (
    <>
      <QuerySection title="Scheduled transfers" query={schedules}>
        {(data) => (
          <RowsTable
            label="Scheduled transfers"
            rows={data.data}
            columns={columns}
            empty={<EmptyList title="No scheduled transfers" />}
          />
        )}
      </QuerySection>
      {cancelling.dialog}
    </>
  );
}

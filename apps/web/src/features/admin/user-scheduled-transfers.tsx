import { Badge, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, DataTable, EmptyList } from '../../components/data-table.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { QueryBody } from './query-body.tsx';

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
  const [cancelling, setCancelling] = useState<Schedule | null>(null);

  const confirm = async () => {
    if (!cancelling) return;
    try {
      const result = await cancel.mutateAsync({ id: cancelling.id });
      notify({ type: 'success', message: result.message });
      setCancelling(null);
      await utils.scheduled.ofUser.invalidate({ id: userId });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to cancel the transfer') });
    }
  };

  const columns: Column<Schedule>[] = [
    {
      header: 'Payee',
      cell: (row) => (
        <Stack gap="0">
          <Text>{`${row.payee.name} (••••${row.payee.accountNumber})`}</Text>
          {row.description ? (
            <Text fontSize="sm" color="fg.muted">
              {row.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { header: 'Amount', cell: (row) => formatMoney(row.amount), cellProps: cellStyles.figure },
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
    {
      header: 'Actions',
      hideHeader: true,
      cell: (row) =>
        isOpen(row) ? (
          <DangerRowButton
            onClick={() => setCancelling(row)}
            aria-label={`Cancel the transfer to ${row.payee.name}`}
          >
            Cancel
          </DangerRowButton>
        ) : null,
    },
  ];

  return (
    <SectionCard title="Scheduled transfers">
      <QueryBody
        query={schedules}
        loadingLabel="Loading scheduled transfers"
        failedMessage="Failed to load scheduled transfers"
        isEmpty={(data) => data.data.length === 0}
        empty={<EmptyList title="No scheduled transfers" />}
      >
        {(data) => (
          <DataTable
            label="Scheduled transfers"
            rows={data.data}
            columns={columns}
            rowKey={(row) => row.id}
          />
        )}
      </QueryBody>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel scheduled transfer"
        confirmLabel="Cancel transfer"
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setCancelling(null)}
      >
        {cancelling
          ? `No more payments of ${formatMoney(cancelling.amount)} to ${cancelling.payee.name} will be made. The customer is told.`
          : ''}
      </ConfirmDialog>
    </SectionCard>
  );
}

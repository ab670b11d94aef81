import {
  Badge,
  Button,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPause, LuPencil, LuPlay, LuX } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, DataTable } from '../../components/data-table.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { EmptyList, ListSpinner } from '../../components/list-states.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatCalendarDay, formatMoney } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { EditScheduleDialog } from './edit-schedule-dialog.tsx';
import {
  endLabel,
  frequencyLabel,
  type Occurrence,
  occurrenceBadge,
  type ScheduledDetail,
  statusBadge,
} from './labels.ts';

const occurrenceColumns: Column<Occurrence>[] = [
  { header: 'Date', cell: (row) => formatCalendarDay(row.date), cellProps: cellStyles.nowrap },
  { header: 'Amount', cell: (row) => formatMoney(row.amount), cellProps: cellStyles.figure },
  {
    header: 'Status',
    cell: (row) => (
      <Badge colorPalette={occurrenceBadge[row.status].palette}>
        {occurrenceBadge[row.status].label}
      </Badge>
    ),
  },
  {
    header: 'Details',
    cell: (row) =>
      row.transactionId ? (
        <ChakraLink asChild>
          <Link to="/transactions/$id" params={{ id: row.transactionId }}>
            View transaction
          </Link>
        </ChakraLink>
      ) : (
        (row.reason ?? '—')
      ),
  },
];

function useScheduleActions(schedule: ScheduledDetail) {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.scheduled.byId.invalidate({ id: schedule.id }),
      utils.scheduled.list.invalidate(),
      utils.scheduled.upcoming.invalidate(),
    ]);
  const pause = trpc.scheduled.pause.useMutation();
  const resume = trpc.scheduled.resume.useMutation();
  const cancel = trpc.scheduled.cancel.useMutation();
  const run = async (
    mutation: typeof pause | typeof resume | typeof cancel,
    fallback: string,
  ): Promise<boolean> => {
    try {
      const result = await mutation.mutateAsync({ id: schedule.id });
      notify({ type: 'success', message: result.message });
      await refresh();
      return true;
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, fallback) });
      return false;
    }
  };
  return {
    pending: pause.isPending || resume.isPending || cancel.isPending,
    pause: () => run(pause, 'Failed to pause the transfer'),
    resume: () => run(resume, 'Failed to resume the transfer'),
    cancel: () => run(cancel, 'Failed to cancel the transfer'),
  };
}

function ScheduleSummary({ schedule }: { schedule: ScheduledDetail }) {
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const actions = useScheduleActions(schedule);
  const open =
    schedule.status === 'active' || schedule.status === 'paused' || schedule.status === 'suspended';
  const badge = statusBadge[schedule.status];
  const active = schedule.status === 'active';
  // An active transfer pauses; a paused or suspended one resumes.
  const toggle = active
    ? { icon: <LuPause aria-hidden="true" />, label: 'Pause', run: actions.pause }
    : { icon: <LuPlay aria-hidden="true" />, label: 'Resume', run: actions.resume };
  return (
    <SectionCard
      title="Details"
      action={
        open ? (
          <HStack gap="2" wrap="wrap">
            {active ? (
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                <LuPencil aria-hidden="true" /> Edit
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={actions.pending}
              onClick={() => void toggle.run()}
            >
              {toggle.icon} {toggle.label}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirmCancel(true)}
            >
              <LuX aria-hidden="true" /> Cancel transfer
            </Button>
          </HStack>
        ) : null
      }
    >
      <DetailList
        rows={[
          {
            label: 'Status',
            value: (
              <Stack gap="1">
                <Badge colorPalette={badge.palette} alignSelf="flex-start">
                  {badge.label}
                </Badge>
                {schedule.statusReason ? <Text fontSize="sm">{schedule.statusReason}</Text> : null}
              </Stack>
            ),
          },
          {
            label: 'Pay to',
            value: `${schedule.payee.name} (••••${schedule.payee.accountNumber})${schedule.payee.removed ? ' · removed' : ''}`,
          },
          { label: 'Amount', value: formatMoney(schedule.amount) },
          { label: 'Description', value: schedule.description || '—' },
          { label: 'How often', value: frequencyLabel[schedule.frequency] },
          { label: 'Starts', value: formatCalendarDay(schedule.startDate) },
          { label: 'Ends', value: endLabel(schedule) },
          {
            label: 'Next payments',
            value:
              schedule.upcoming.length > 0
                ? schedule.upcoming.map(formatCalendarDay).join(' · ')
                : 'None',
          },
        ]}
      />
      {editing ? (
        <EditScheduleDialog schedule={schedule} open onClose={() => setEditing(false)} />
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel scheduled transfer"
        confirmLabel="Cancel transfer"
        pending={actions.pending}
        onConfirm={() =>
          void actions.cancel().then((done) => {
            if (done) setConfirmCancel(false);
          })
        }
        onClose={() => setConfirmCancel(false)}
      >
        {`No more payments to ${schedule.payee.name} will be made. Payments already made stay.`}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** One scheduled transfer: its details, what became of each date, edit, pause, resume, cancel. */
export function ScheduledDetailPage({ id }: { id: string }) {
  const detail = trpc.scheduled.byId.useQuery({ id });
  let body: React.ReactNode;
  if (detail.isError)
    body = <ErrorAlert>{errorMessage(detail.error, 'Scheduled transfer not found')}</ErrorAlert>;
  else if (!detail.data) body = <ListSpinner label="Loading scheduled transfer" />;
  else {
    const schedule = detail.data.data;
    body = (
      <>
        <ScheduleSummary schedule={schedule} />
        <SectionCard title="Payment history">
          {schedule.occurrences.length === 0 ? (
            <EmptyList title="No payments yet" hint="Each date shows here once it is due." />
          ) : (
            <DataTable
              label="Payments"
              rows={schedule.occurrences}
              columns={occurrenceColumns}
              rowKey={(row) => row.date}
            />
          )}
        </SectionCard>
      </>
    );
  }
  return (
    <Stack gap="6">
      <Flex gap="2" direction="column">
        <ChakraLink asChild fontSize="sm" alignSelf="flex-start">
          <Link to="/transfers/scheduled">← Scheduled transfers</Link>
        </ChakraLink>
        <Heading as="h1" size="2xl">
          {detail.data
            ? `${detail.data.data.payee.name}: ${formatMoney(detail.data.data.amount)}`
            : 'Scheduled Transfer'}
        </Heading>
      </Flex>
      {body}
    </Stack>
  );
}

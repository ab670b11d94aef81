import { disputeReasonLabels } from '@bank/validators/disputes';
import {
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  Heading,
  HStack,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { AmountUpToField, useAmountAndReason } from '../../components/amount-and-reason.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { EmptyList, ListSpinner } from '../../components/list-states.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DisputeStatusBadge, isOpenDispute, LateBadge } from './dispute-badges.tsx';

type Listed = RouterOutputs['disputes']['queue']['data'][number];
type Move = 'investigating' | 'provisional_credit' | 'resolved' | 'denied';

const moveTitles: Record<Move, string> = {
  investigating: 'Start investigating',
  provisional_credit: 'Credit provisionally',
  resolved: 'Resolve for the customer',
  denied: 'Deny the dispute',
};

/** The row's buttons: short, so that the four fit the actions column. */
const moveButtons: Record<Move, string> = {
  investigating: 'Investigate',
  provisional_credit: 'Credit provisionally',
  resolved: 'Resolve',
  denied: 'Deny',
};

/** The moves a dispute standing where it does allows. */
function movesOf(dispute: Listed): Move[] {
  if (dispute.status === 'submitted')
    return ['investigating', 'provisional_credit', 'resolved', 'denied'];
  if (dispute.status === 'investigating') return ['provisional_credit', 'resolved', 'denied'];
  if (dispute.status === 'provisional_credit') return ['resolved', 'denied'];
  return [];
}

function MoveDialog(props: { dispute: Listed | null; move: Move | null; onClose: () => void }) {
  const { dispute, move } = props;
  const utils = trpc.useUtils();
  const update = trpc.disputes.update.useMutation();
  const left = dispute ? dispute.transaction.amount - dispute.transaction.reversedAmount : 0;
  const entry = useAmountAndReason(left, props.onClose);
  const { reason, setReason, touched, setTouched, parsed, outOfRange, close } = entry;
  const badAmount = move === 'provisional_credit' && outOfRange;
  const missingReason = move === 'denied' && reason.trim() === '';
  const submit = async () => {
    setTouched(true);
    if (!dispute || !move || badAmount || missingReason) return;
    try {
      const answer = await update.mutateAsync({
        id: dispute.id,
        status: move,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(move === 'provisional_credit' && parsed !== undefined ? { amount: parsed } : {}),
      });
      notify({ type: 'success', message: answer.message });
      await utils.disputes.invalidate();
      close();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to update the dispute') });
    }
  };
  return (
    <ModalDialog
      open={dispute !== null && move !== null}
      onClose={close}
      title={move ? moveTitles[move] : ''}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      actions={
        <Button
          type="submit"
          colorPalette={move === 'denied' ? 'red' : undefined}
          loading={update.isPending}
        >
          {move ? moveTitles[move] : ''}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>
          {dispute
            ? `${dispute.customer.name}: ${dispute.transaction.description} (${formatMoney(dispute.transaction.amount)}).`
            : ''}
        </Text>
        {move === 'provisional_credit' ? (
          <AmountUpToField
            entry={entry}
            invalid={touched && badAmount}
            hint="Leave empty to credit all that is disputed. It comes from the disputes suspense account and is taken back if the dispute is denied."
          />
        ) : null}
        {move === 'resolved' && dispute && dispute.creditedAmount > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            The provisional credit becomes final, less what a reversal of the payment already gave
            back.
          </Text>
        ) : null}
        {move === 'denied' || move === 'resolved' ? (
          <Field.Root invalid={touched && missingReason} required={move === 'denied'}>
            <Field.Label>
              {move === 'denied' ? 'Reason (told to the customer)' : 'Note'}
            </Field.Label>
            <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
            <Field.ErrorText>A denial must give the customer a reason</Field.ErrorText>
          </Field.Root>
        ) : null}
      </Stack>
    </ModalDialog>
  );
}

function deadlineCell(dispute: Listed) {
  if (!isOpenDispute(dispute))
    return dispute.closedAt ? `Closed ${formatDate(dispute.closedAt)}` : '—';
  const credited = dispute.status === 'provisional_credit';
  return (
    <Stack gap="1">
      <Text>
        {credited
          ? `Decide by ${formatDate(dispute.decisionDueAt)}`
          : `Credit by ${formatDate(dispute.creditDueAt)}`}
      </Text>
      <LateBadge dispute={dispute} />
    </Stack>
  );
}

function QueueTable(props: { state: 'open' | 'closed'; onMove: (d: Listed, m: Move) => void }) {
  const query = trpc.disputes.queue.useQuery({ state: props.state });
  const columns: Column<Listed>[] = [
    {
      header: 'Deadline',
      cell: deadlineCell,
      cellProps: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Customer',
      cell: (dispute) => (
        <ChakraLink asChild color="brand.fg">
          <Link to="/admin/users/$userId" params={{ userId: dispute.customer.id }}>
            {dispute.customer.name}
          </Link>
        </ChakraLink>
      ),
    },
    {
      header: 'Payment',
      cell: (dispute) => (
        <Stack gap="0.5">
          <Text>{dispute.transaction.description}</Text>
          <Text fontSize="sm" color="fg.muted">
            {`${formatMoney(dispute.transaction.amount)} · ${disputeReasonLabels[dispute.reason]}`}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Status',
      cell: (dispute) => (
        <Stack gap="1" align="flex-start">
          <DisputeStatusBadge status={dispute.status} />
          {dispute.creditedAmount > 0 ? (
            <Text fontSize="sm">{`${formatMoney(dispute.creditedAmount)} credited`}</Text>
          ) : null}
        </Stack>
      ),
    },
    {
      header: 'Ticket',
      cell: (dispute) => (
        <ChakraLink asChild color="brand.fg">
          <Link to="/admin/support" search={{ ticket: dispute.ticketId }}>
            {`#${dispute.ticketNumber ?? '—'}`}
          </Link>
        </ChakraLink>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cellProps: { minW: '15rem' },
      cell: (dispute) => (
        <HStack gap="2" wrap="wrap">
          {movesOf(dispute).map((move) => (
            <Button
              key={move}
              size="xs"
              variant={move === 'denied' ? 'outline' : 'subtle'}
              colorPalette={move === 'denied' ? 'red' : undefined}
              onClick={() => props.onMove(dispute, move)}
            >
              {moveButtons[move]}
            </Button>
          ))}
        </HStack>
      ),
    },
  ];
  if (query.isError)
    return <ErrorAlert>{errorMessage(query.error, 'Failed to fetch disputes')}</ErrorAlert>;
  if (query.isPending) return <ListSpinner label="Loading disputes" />;
  const { data, late } = query.data;
  if (data.length === 0)
    return <EmptyList title={props.state === 'open' ? 'No open disputes' : 'No closed disputes'} />;
  return (
    <Stack gap="3">
      {props.state === 'open' ? (
        <Text
          color={late > 0 ? 'red.fg' : 'fg.muted'}
          fontWeight={late > 0 ? 'semibold' : 'normal'}
        >
          {late > 0 ? `${late} past a deadline` : 'None past a deadline'}
        </Text>
      ) : null}
      <DataTable
        label={props.state === 'open' ? 'Open disputes' : 'Closed disputes'}
        rows={data}
        columns={columns}
        rowKey={(dispute) => dispute.id}
      />
    </Stack>
  );
}

/**
 * The staff queue of disputes, open ones by the deadline that falls first (Regulation E: a
 * provisional credit within 10 business days, a decision within 45 days), late ones flagged.
 */
export function DisputeQueuePage() {
  const [moving, setMoving] = useState<{ dispute: Listed; move: Move } | null>(null);
  return (
    <Stack gap="6">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="2xl">
          Disputes
        </Heading>
        <Text color="fg.muted">
          Customers’ reports of payments they question. Credit provisionally within 10 business
          days, decide within 45.
        </Text>
      </Flex>
      <Tabs.Root defaultValue="open" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="open">Open</Tabs.Trigger>
          <Tabs.Trigger value="closed">Closed</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="open">
          <QueueTable state="open" onMove={(dispute, move) => setMoving({ dispute, move })} />
        </Tabs.Content>
        <Tabs.Content value="closed">
          <QueueTable state="closed" onMove={(dispute, move) => setMoving({ dispute, move })} />
        </Tabs.Content>
      </Tabs.Root>
      <MoveDialog
        dispute={moving?.dispute ?? null}
        move={moving?.move ?? null}
        onClose={() => setMoving(null)}
      />
    </Stack>
  );
}

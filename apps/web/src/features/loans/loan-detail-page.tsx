import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert, InfoAlert } from '../../components/alerts.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { refreshMoney } from '../../lib/money-cache.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { LoanSummary } from './loan-summary.tsx';

type Loan = RouterOutputs['loans']['byId'];

/** A due date as the schedule shows it: the calendar day, whatever the viewer's zone. */
function formatDueDate(day: string) {
  return formatDate(new Date(`${day}T12:00:00`));
}

/** Each instalment's state: paid, overdue, the next one due, or upcoming (never blank). */
function InstalmentStatus({ row, loan, next }: { row: ScheduleRow; loan: Loan; next: boolean }) {
  if (row.paid) return <StatusBadge palette="green">Paid</StatusBadge>;
  if (loan.overdueSince && row.dueDate <= loan.overdueSince)
    return <StatusBadge palette="orange">Overdue</StatusBadge>;
  if (next) return <StatusBadge palette="blue">Next due</StatusBadge>;
  return <StatusBadge palette="gray">Upcoming</StatusBadge>;
}

type ScheduleRow = Loan['paymentSchedule'][number];

function StatusBadge({ palette, children }: { palette: string; children: string }) {
  return (
    <Badge colorPalette={palette} variant="subtle" size="sm">
      {children}
    </Badge>
  );
}

function PaymentSchedule({ loan }: { loan: Loan }) {
  const nextDue = loan.paymentSchedule.find((row) => !row.paid)?.paymentNumber;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="schedule-heading">
      <Card.Header pb="2">
        <Heading as="h2" id="schedule-heading" size="md">
          Payment Schedule
        </Heading>
      </Card.Header>
      {/* Wider than a phone: the scroller takes focus, so a keyboard can scroll it too. */}
      <Table.ScrollArea
        tabIndex={0}
        role="group"
        aria-label="Payment Schedule, scrolls sideways"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Table.Root size="sm" aria-labelledby="schedule-heading">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              <Table.ColumnHeader>Due Date</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Payment</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body fontVariantNumeric="tabular-nums">
            {loan.paymentSchedule.map((row) => (
              <Table.Row key={row.paymentNumber} color={row.paid ? 'fg.muted' : undefined}>
                <Table.Cell>{row.paymentNumber}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDueDate(row.dueDate)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(row.amount)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(row.principal)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(row.interest)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(row.balance)}</Table.Cell>
                <Table.Cell>
                  <InstalmentStatus row={row} loan={loan} next={row.paymentNumber === nextDue} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}

/** The next instalment, or the whole loan off with interest to date, from the balance. */
function Repayment({ loan }: { loan: Loan }) {
  const utils = trpc.useUtils();
  const repay = trpc.loans.repay.useMutation();
  const [confirm, setConfirm] = useState<'instalment' | 'payoff' | null>(null);
  const next = loan.nextPayment;
  if (!next || loan.payoffAmount === null) return null;
  const pay = async (mode: 'instalment' | 'payoff') => {
    try {
      const result = await repay.mutateAsync({
        id: loan.id,
        mode,
        idempotencyKey: newIdempotencyKey(),
      });
      notify({ type: 'success', message: result.message });
      await Promise.all([refreshMoney(utils, result.newBalance), utils.loans.invalidate()]);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Payment failed') });
    } finally {
      setConfirm(null);
    }
  };
  return (
    <SectionCard title="Make a Payment">
      {loan.overdue ? (
        <ErrorAlert>
          {`A payment has been due since ${formatDueDate(loan.overdueSince ?? next.dueDate)}. Please pay it as soon as you can.`}
        </ErrorAlert>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Stack gap="2" p="4" borderWidth="1px" borderRadius="l2">
          <Text fontSize="sm" color="fg.muted">
            {`Instalment ${next.paymentNumber} of ${loan.term}, due ${formatDueDate(next.dueDate)}`}
          </Text>
          <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {formatMoney(next.amount)}
          </Text>
          <Button alignSelf="flex-start" onClick={() => setConfirm('instalment')}>
            Pay instalment
          </Button>
        </Stack>
        <Stack gap="2" p="4" borderWidth="1px" borderRadius="l2">
          <Text fontSize="sm" color="fg.muted">
            Pay off today (principal and interest to date)
          </Text>
          <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {formatMoney(loan.payoffAmount)}
          </Text>
          <Button variant="outline" alignSelf="flex-start" onClick={() => setConfirm('payoff')}>
            Pay off loan
          </Button>
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'payoff' ? 'Pay off loan' : 'Pay instalment'}
        confirmLabel={confirm === 'payoff' ? 'Pay off' : 'Pay'}
        pending={repay.isPending}
        onConfirm={() => confirm && void pay(confirm)}
        onClose={() => setConfirm(null)}
      >
        {`${formatMoney(confirm === 'payoff' ? loan.payoffAmount : next.amount)} will be taken from your account balance.`}
      </ConfirmDialog>
    </SectionCard>
  );
}

function PendingActions({ loan }: { loan: Loan }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const cancel = trpc.loans.cancel.useMutation();
  const [confirming, setConfirming] = useState(false);
  const confirmCancel = async () => {
    try {
      const result = await cancel.mutateAsync({ id: loan.id });
      notify({ type: 'success', message: result.message });
      await utils.loans.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to cancel the application') });
    } finally {
      setConfirming(false);
    }
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button
        variant="outline"
        onClick={() => void navigate({ to: '/loans/apply', search: { id: loan.id } })}
      >
        Edit application
      </Button>
      <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        Cancel application
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel application"
        confirmLabel="Cancel application"
        pending={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setConfirming(false)}
      >
        Are you sure you want to cancel this loan application?
      </ConfirmDialog>
    </HStack>
  );
}

/** docs/product.md 2.19, with the repayments a borrower needs. */
export function LoanDetailPage({ loanId }: { loanId: string }) {
  const query = trpc.loans.byId.useQuery({ id: loanId }, { retry: false });
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    return (
      <Stack gap="4">
        <BackLink to="/loans">Back to loans</BackLink>
        {apiErrorInfo(query.error).code === 'NOT_FOUND' ? (
          <Heading as="h1" size="lg">
            Loan not found
          </Heading>
        ) : (
          <ErrorAlert>{errorMessage(query.error, 'Failed to fetch loan')}</ErrorAlert>
        )}
      </Stack>
    );
  }
  const loan = query.data;
  return (
    <Stack gap="6">
      <BackLink to="/loans">Back to loans</BackLink>
      <Heading as="h1" size="2xl">
        Loan Details
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <LoanSummary loan={loan} size="lg" />
          {loan.status === 'pending' ? (
            <Box mt="4">
              <PendingActions loan={loan} />
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
      {loan.status === 'rejected' && loan.rejectionReason ? (
        <ErrorAlert title="Your application was not approved">{loan.rejectionReason}</ErrorAlert>
      ) : null}
      {loan.status === 'completed' ? (
        <InfoAlert title="Paid off">This loan is fully repaid. Thank you.</InfoAlert>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SectionCard title="Loan Information">
          <DetailList
            rows={[
              { label: 'Loan ID', value: loan.id, mono: true },
              { label: 'Purpose', value: loan.purpose },
              { label: 'Term', value: `${loan.term} months` },
              ...(loan.tenure.startDate
                ? [{ label: 'Disbursed', value: formatDueDate(loan.tenure.startDate) }]
                : []),
            ]}
          />
        </SectionCard>
        <SectionCard title="Payment Details">
          <DetailList
            rows={[
              { label: 'Interest Rate', value: `${loan.interestRate}%` },
              { label: 'Monthly Payment', value: formatMoney(loan.monthlyPayment) },
              { label: 'Total Interest', value: formatMoney(loan.totalInterest) },
              ...(loan.tenure.startDate
                ? [{ label: 'Outstanding', value: formatMoney(loan.outstanding) }]
                : []),
            ]}
          />
        </SectionCard>
      </SimpleGrid>
      <Repayment loan={loan} />
      {loan.paymentSchedule.length > 0 ? <PaymentSchedule loan={loan} /> : null}
    </Stack>
  );
}

import { loanStatuses, loanTypes } from '@bank/validators/enums';
import {
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoanStatusBadge } from '../../components/loan-status-badge.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { errorMessage, errorReason } from '../../lib/errors.ts';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, Pagination, ScrollTable } from './admin-table.tsx';
import { FilterGrid, FilterInput, FilterSelect } from './list-filters.tsx';
import type { LoanSearch } from './loan-search.ts';

const PAGE_SIZE = 10;

type ManagedLoan = RouterOutputs['loans']['all']['loans'][number];

function Filters(props: { search: LoanSearch; onChange: (next: LoanSearch) => void }) {
  const { search } = props;
  const set = (patch: Partial<LoanSearch>) => props.onChange({ ...search, ...patch, page: 1 });
  const money = (value: string | undefined) => (value ? Number(value) : undefined);
  return (
    <FilterGrid columns={6}>
      <FilterSelect
        label="Status"
        value={search.status}
        options={loanStatuses}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        label="Type"
        value={search.type}
        options={loanTypes}
        onChange={(type) => set({ type })}
      />
      <FilterInput
        label="From"
        type="date"
        value={search.startDate}
        onChange={(startDate) => set({ startDate })}
      />
      <FilterInput
        label="To"
        type="date"
        value={search.endDate}
        onChange={(endDate) => set({ endDate })}
      />
      <FilterInput
        label="Min amount"
        type="number"
        value={search.minAmount}
        onChange={(value) => set({ minAmount: money(value) })}
      />
      <FilterInput
        label="Max amount"
        type="number"
        value={search.maxAmount}
        onChange={(value) => set({ maxAmount: money(value) })}
      />
    </FilterGrid>
  );
}

/** Asks the officer why: the customer reads the reason on their loan. */
function RejectDialog(props: {
  loan: ManagedLoan | null;
  pending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <ModalDialog
      open={props.loan !== null}
      onClose={() => {
        setReason('');
        setTouched(false);
        props.onClose();
      }}
      title="Reject application"
      actions={
        <Button
          colorPalette="red"
          loading={props.pending}
          onClick={() => {
            setTouched(true);
            if (!missing) props.onReject(reason.trim());
          }}
        >
          Reject
        </Button>
      }
    >
      <Stack gap="3">
        <Text>
          {props.loan
            ? `${props.loan.user.name} applied for ${formatMoney(props.loan.amount)} (${humanize(props.loan.type)}).`
            : ''}
        </Text>
        <Field.Root invalid={touched && missing} required>
          <Field.Label>Reason for the customer</Field.Label>
          <Textarea
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          <Field.ErrorText>Rejection reason is required</Field.ErrorText>
        </Field.Root>
      </Stack>
    </ModalDialog>
  );
}

/** SPEC.md 2.27: every application, filtered and paged; approve disburses, reject says why. */
export function LoanManagementPage(props: {
  search: LoanSearch;
  onSearchChange: (next: LoanSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const page = search.page ?? 1;
  const utils = trpc.useUtils();
  const list = trpc.loans.all.useQuery(
    { ...search, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const decide = trpc.loans.decide.useMutation();
  const [approving, setApproving] = useState<ManagedLoan | null>(null);
  const [rejecting, setRejecting] = useState<ManagedLoan | null>(null);

  const submit = async (loan: ManagedLoan, status: 'approved' | 'rejected', reason?: string) => {
    try {
      // The version on screen: an application edited since is refused, not paid (decision 028).
      const result = await decide.mutateAsync({
        id: loan.id,
        status,
        reason,
        version: loan.version,
      });
      notify({ type: 'success', message: result.message });
      await utils.loans.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to update loan') });
      // Changed meanwhile: show the application as it is now, to be reviewed again.
      if (errorReason(error) === 'APPLICATION_CHANGED') await utils.loans.invalidate();
    } finally {
      setApproving(null);
      setRejecting(null);
    }
  };

  const data = list.data;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Loan Management
      </Heading>
      <Filters search={search} onChange={onSearchChange} />
      {list.isError ? (
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch loans')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading loans" />
      ) : data.loans.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList title="No loans found" />
        </Box>
      ) : (
        <>
          <ScrollTable label="Loans" busy={list.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Applicant</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Term</Table.ColumnHeader>
                <Table.ColumnHeader>Rate</Table.ColumnHeader>
                <Table.ColumnHeader>Applied</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.loans.map((loan) => (
                <Table.Row key={loan.id}>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text fontWeight="medium">{loan.user.name}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {loan.user.email}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{humanize(loan.type)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                    {formatMoney(loan.amount)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{`${loan.term} mo`}</Table.Cell>
                  <Table.Cell>{`${loan.interestRate}%`}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(loan.applicationDate)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="2">
                      <Button
                        size="xs"
                        colorPalette="green"
                        variant="subtle"
                        disabled={loan.status !== 'pending'}
                        onClick={() => setApproving(loan)}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        colorPalette="red"
                        variant="subtle"
                        disabled={loan.status !== 'pending'}
                        onClick={() => setRejecting(loan)}
                      >
                        Reject
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={page}
            limit={PAGE_SIZE}
            count={data.count}
            total={data.total}
            hasNext={data.hasMore}
            onPage={(next) => onSearchChange({ ...search, page: next })}
          />
        </>
      )}
      <ConfirmDialog
        open={approving !== null}
        title="Approve loan"
        confirmLabel="Approve and disburse"
        pending={decide.isPending}
        onConfirm={() => approving && void submit(approving, 'approved')}
        onClose={() => setApproving(null)}
      >
        {approving
          ? `${formatMoney(approving.amount)} will be paid into ${approving.user.name}’s account now.`
          : ''}
      </ConfirmDialog>
      <RejectDialog
        loan={rejecting}
        pending={decide.isPending}
        onReject={(reason) => rejecting && void submit(rejecting, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}

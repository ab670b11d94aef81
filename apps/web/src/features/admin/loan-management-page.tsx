import { loanStatuses, loanTypes } from '@bank/validators/enums';
import { Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { LoanStatusBadge } from '../../components/loan-status-badge.tsx';
import { errorMessage, errorReason } from '../../lib/errors.ts';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { FilterGrid, FilterInput, FilterSelect } from './list-filters.tsx';
import type { LoanSearch } from './loan-search.ts';
import { RejectWithReasonDialog } from './reject-with-reason-dialog.tsx';

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

function loanColumns(actions: {
  onApprove: (loan: ManagedLoan) => void;
  onReject: (loan: ManagedLoan) => void;
}): Column<ManagedLoan>[] {
  return [
    {
      header: 'Applicant',
      cell: (loan) => (
        <Stack gap="0">
          <Text fontWeight="medium">{loan.user.name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {loan.user.email}
          </Text>
        </Stack>
      ),
    },
    { header: 'Type', cell: (loan) => humanize(loan.type) },
    {
      header: 'Amount',
      headerProps: { textAlign: 'end' },
      cell: (loan) => formatMoney(loan.amount),
      cellProps: cellStyles.figure,
    },
    { header: 'Term', cell: (loan) => `${loan.term} mo`, cellProps: cellStyles.nowrap },
    { header: 'Rate', cell: (loan) => `${loan.interestRate}%` },
    {
      header: 'Applied',
      cell: (loan) => formatDate(loan.applicationDate),
      cellProps: cellStyles.nowrap,
    },
    {
      header: 'Status',
      cell: (loan) => (
        <HStack gap="1">
          <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
        </HStack>
      ),
    },
    {
      header: 'Actions',
      cell: (loan) => (
        <Flex gap="2">
          <Button
            size="xs"
            colorPalette="green"
            variant="subtle"
            disabled={loan.status !== 'pending'}
            onClick={() => actions.onApprove(loan)}
          >
            Approve
          </Button>
          <Button
            size="xs"
            colorPalette="red"
            variant="subtle"
            disabled={loan.status !== 'pending'}
            onClick={() => actions.onReject(loan)}
          >
            Reject
          </Button>
        </Flex>
      ),
    },
  ];
}

/** docs/product.md 2.27: every application, filtered and paged; approve disburses, reject says why. */
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
      <ListTable
        label="Loans"
        query={list}
        rows={data?.loans}
        columns={loanColumns({ onApprove: setApproving, onReject: setRejecting })}
        rowKey={(loan) => loan.id}
        loadingLabel="Loading loans"
        failedMessage="Failed to fetch loans"
        empty={{ title: 'No loans found' }}
        pagination={
          data && {
            page,
            limit: PAGE_SIZE,
            total: data.total,
            hasNext: data.hasMore,
            onPage: (next) => onSearchChange({ ...search, page: next }),
          }
        }
      />
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
      {/* Asks the officer why: the customer reads the reason on their loan. */}
      <RejectWithReasonDialog
        open={rejecting !== null}
        title="Reject application"
        summary={
          rejecting
            ? `${rejecting.user.name} applied for ${formatMoney(rejecting.amount)} (${humanize(rejecting.type)}).`
            : ''
        }
        reasonLabel="Reason for the customer"
        requiredText="Rejection reason is required"
        pending={decide.isPending}
        onReject={(reason) => rejecting && void submit(rejecting, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}

import { loanStatuses, loanTypes } from '@bank/validators/enums';
import { Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { LoanStatusBadge } from '../../components/loan-status-badge.tsx';
import { type FilterField, SearchFilters } from '../../components/search-filters.tsx';
import { errorMessage, errorReason } from '../../lib/errors.ts';
import { formatMoney, humanize } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/page-data.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import type { LoanSearch } from './loan-search.ts';
import { NameAndDetail } from './name-and-detail.tsx';
import { RejectWithReasonDialog } from './reject-with-reason-dialog.tsx';
import { dateColumn, figureColumn } from './table-columns.tsx';

type ManagedLoan = RouterOutputs['loans']['all']['loans'][number];

const filters: FilterField<LoanSearch>[] = [
  { key: 'status', label: 'Status', options: loanStatuses },
  { key: 'type', label: 'Type', options: loanTypes },
  { key: 'startDate', label: 'From', type: 'date' },
  { key: 'endDate', label: 'To', type: 'date' },
  { key: 'minAmount', label: 'Min amount', type: 'number' },
  { key: 'maxAmount', label: 'Max amount', type: 'number' },
];

/** The two decisions on a pending application; they differ only in name, colour and action. */
const decisions = [
  { label: 'Approve', palette: 'green', action: 'onApprove' },
  { label: 'Reject', palette: 'red', action: 'onReject' },
] as const;

function loanColumns(actions: {
  onApprove: (loan: ManagedLoan) => void;
  onReject: (loan: ManagedLoan) => void;
}): Column<ManagedLoan>[] {
  return [
    {
      header: 'Applicant',
      cell: (loan) => <NameAndDetail name={loan.user.name} detail={loan.user.email} />,
    },
    { header: 'Type', cell: (loan) => humanize(loan.type) },
    figureColumn('Amount', (loan) => formatMoney(loan.amount)),
    { header: 'Term', cell: (loan) => `${loan.term} mo`, cellProps: cellStyles.nowrap },
    { header: 'Rate', cell: (loan) => `${loan.interestRate}%` },
    dateColumn('Applied', (loan) => loan.applicationDate),
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
          {decisions.map((decision) => (
            <Button
              key={decision.label}
              size="xs"
              colorPalette={decision.palette}
              variant="subtle"
              disabled={loan.status !== 'pending'}
              onClick={() => actions[decision.action](loan)}
            >
              {decision.label}
            </Button>
          ))}
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
      <SearchFilters search={search} onChange={onSearchChange} fields={filters} />
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

import { approvalStatuses } from '@bank/validators/enums';
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime, formatMoney, humanize } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { RejectWithReasonDialog } from './reject-with-reason-dialog.tsx';
import { figureColumn } from './table-columns.tsx';

type Approval = RouterOutputs['approvals']['list']['data'][number];
type ApprovalStatus = (typeof approvalStatuses)[number];

const statusPalette: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  expired: 'gray',
};

function RequestCell({ approval }: { approval: Approval }) {
  return (
    <Stack gap="0.5" minW="48" maxW="sm" whiteSpace="normal">
      <Text fontWeight="medium">{approval.summary}</Text>
      <Text fontSize="sm" color="fg.muted">{`Why: ${approval.reason}`}</Text>
      {approval.customer ? (
        <Text fontSize="xs" color="fg.muted">{`Customer: ${approval.customer.name}`}</Text>
      ) : null}
      {approval.decisionReason ? (
        <Text fontSize="xs" color="fg.muted">{`Rejected: ${approval.decisionReason}`}</Text>
      ) : null}
    </Stack>
  );
}

function columnsFor(
  status: ApprovalStatus,
  me: string,
  act: { approve: (row: Approval) => void; reject: (row: Approval) => void },
): Column<Approval>[] {
  const columns: Column<Approval>[] = [
    { header: 'Request', cell: (approval) => <RequestCell approval={approval} /> },
    {
      header: 'Kind',
      cell: (approval) => humanize(approval.action),
      cellProps: cellStyles.nowrap,
    },
    figureColumn('Amount', (approval) =>
      approval.amount === null ? '—' : formatMoney(approval.amount),
    ),
    { header: 'Asked by', cell: (approval) => approval.maker?.name ?? '—' },
    {
      header: status === 'pending' ? 'Expires' : 'Decided',
      cell: (approval) =>
        formatDateTime(status === 'pending' ? approval.expiresAt : (approval.decidedAt ?? '')),
      cellProps: cellStyles.nowrap,
    },
  ];
  if (status !== 'pending') {
    columns.push({
      header: 'Status',
      cell: (approval) => (
        <Badge colorPalette={statusPalette[approval.status]}>{humanize(approval.status)}</Badge>
      ),
    });
    if (status !== 'expired')
      columns.push({ header: 'Decided by', cell: (approval) => approval.checker?.name ?? '—' });
    return columns;
  }
  columns.push({
    header: 'Actions',
    cell: (approval) =>
      approval.makerId === me ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="normal" minW="32">
          Waiting for another administrator
        </Text>
      ) : (
        <HStack gap="2">
          <Button size="xs" colorPalette="green" onClick={() => act.approve(approval)}>
            Approve
          </Button>
          <DangerRowButton onClick={() => act.reject(approval)}>Reject</DangerRowButton>
        </HStack>
      ),
  });
  return columns;
}

/**
 * /admin/approvals, four eyes: actions another administrator asked for (reversals above the
 * bank's amount, …), oldest first as they lapse first after 24 hours. Nobody decides their own.
 */
export function ApprovalsPage() {
  const me = useCurrentUser();
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  const utils = trpc.useUtils();
  const list = trpc.approvals.list.useQuery({ status });
  const approve = trpc.approvals.approve.useMutation();
  const reject = trpc.approvals.reject.useMutation();
  const [approving, setApproving] = useState<Approval | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);

  const decide = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify({ type: 'success', message: done });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to decide the request') });
    } finally {
      setApproving(null);
      setRejecting(null);
      await Promise.all([utils.approvals.invalidate(), utils.transactions.invalidate()]);
    }
  };

  return (
    <Stack gap="6">
      <Flex gap="3" align="flex-end" wrap="wrap" justify="space-between">
        <PageTitle title="Approvals">
          Actions another administrator asked for. They run only once a second person approves.
        </PageTitle>
        <FilterSelect
          label="Status"
          size="sm"
          compact
          value={status}
          options={approvalStatuses}
          onChange={(next) => {
            if (next) setStatus(next);
          }}
        />
      </Flex>
      <ListTable
        label="Approval requests"
        query={list}
        rows={list.data?.data}
        columns={columnsFor(status, me.id, { approve: setApproving, reject: setRejecting })}
        rowKey={(approval) => approval.id}
        loadingLabel="Loading approval requests"
        failedMessage="Failed to fetch approval requests"
        empty={{
          title: status === 'pending' ? 'Nothing waiting for approval' : `No ${status} requests`,
        }}
      />
      <ConfirmDialog
        open={approving !== null}
        title="Approve request"
        confirmLabel="Approve"
        pending={approve.isPending}
        onConfirm={() =>
          approving &&
          void decide(() => approve.mutateAsync({ id: approving.id }), 'Request approved')
        }
        onClose={() => setApproving(null)}
      >
        {approving
          ? `${approving.summary}, asked by ${approving.maker?.name ?? 'another administrator'}. It runs now.`
          : ''}
      </ConfirmDialog>
      <RejectWithReasonDialog
        open={rejecting !== null}
        title="Reject request"
        summary={rejecting?.summary ?? ''}
        reasonLabel="Reason"
        requiredText="Reason is required"
        pending={reject.isPending}
        onReject={(reason) =>
          rejecting &&
          void decide(() => reject.mutateAsync({ id: rejecting.id, reason }), 'Request rejected')
        }
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}

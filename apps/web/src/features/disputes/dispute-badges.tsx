import { disputeStatusLabels } from '@bank/validators/disputes';
import { Badge } from '@chakra-ui/react';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type Dispute = RouterOutputs['disputes']['mine']['data'][number];

const palettes: Record<Dispute['status'], string> = {
  submitted: 'blue',
  investigating: 'purple',
  provisional_credit: 'teal',
  resolved: 'green',
  denied: 'red',
  withdrawn: 'gray',
};

export function DisputeStatusBadge({ status }: { status: Dispute['status'] }) {
  return (
    <Badge colorPalette={palettes[status]} variant="subtle">
      {disputeStatusLabels[status]}
    </Badge>
  );
}

/** 'Late' when a deadline passed while the dispute is open (the staff queue's flag). */
export function LateBadge({ dispute }: { dispute: Pick<Dispute, 'late' | 'creditLate'> }) {
  if (!dispute.late) return null;
  return (
    <Badge colorPalette="red" variant="solid">
      {dispute.creditLate ? 'Late: credit overdue' : 'Late: decision overdue'}
    </Badge>
  );
}

export const isOpenDispute = (dispute: Pick<Dispute, 'status'>) =>
  dispute.status === 'submitted' ||
  dispute.status === 'investigating' ||
  dispute.status === 'provisional_credit';

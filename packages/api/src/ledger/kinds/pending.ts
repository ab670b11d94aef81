import type { Posting } from '../posting.ts';

/** What became of a pending movement; 'unchanged' when it was no longer pending. */
export type PendingOutcome = 'completed' | 'failed' | 'unchanged';

/**
 * The second phase of a pending movement (external transfer, withdrawal): it reached its
 * destination (`complete`, no money moves) or failed (`void`: its money comes back).
 */
export function pendingPosting(
  transactionId: string,
  decision: { complete: string } | { void: string },
): Posting<PendingOutcome> {
  return {
    needs: { pending: [transactionId] },
    judge(ledger) {
      const row = ledger.transaction(transactionId);
      if (!row || row.status !== 'pending') return { effects: [], answer: () => 'unchanged' };
      return 'complete' in decision
        ? { effects: [{ complete: row, note: decision.complete }], answer: () => 'completed' }
        : { effects: [{ void: row, reason: decision.void }], answer: () => 'failed' };
    },
  };
}

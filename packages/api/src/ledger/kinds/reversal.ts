import type { Executor } from '@bank/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db-rows.ts';
import { appError } from '../../errors.ts';
import { formatUsd, toDollars } from '../../money/cents.ts';
import { timelineEntry } from '../new-row.ts';
import type {
  AccountParty,
  Applied,
  LedgerView,
  NewMovement,
  Posting,
  Verdict,
} from '../posting.ts';
import { refuse } from '../refusals.ts';
import type { TransactionRow } from '../transaction-row.ts';
import { onlyRow } from './answers.ts';
import { returnedOf } from './returned.ts';

/** Movements staff may undo by a compensating one; a loan's money is corrected on the loan. */
const reversibleTypes = new Set<TransactionRow['type']>(['transfer', 'deposit', 'withdraw', 'fee']);

export interface ReversalOrder {
  transactionId: string;
  /** Part of what is left to reverse; all of it when absent. */
  amountCents: bigint | undefined;
  reason: string;
  /**
   * The caller's own rows (the audit entries), written in the money's transaction: `reversal`
   * is the new movement, or the voided one when the original was still pending.
   */
  record(tx: Executor, outcome: ReversalOutcome): Promise<void>;
}

export interface ReversalOutcome {
  /** 'reversed': a compensating movement was made; 'voided': the pending original failed. */
  kind: 'reversed' | 'voided';
  original: TransactionRow;
  /** The new reversal movement, or the voided original. */
  row: TransactionRow;
  amountCents: bigint;
}

/** What is left to reverse of a completed movement. */
export const reversibleCents = (row: TransactionRow) => row.amountCents - row.reversedCents;

/**
 * Undoes a movement through the front door, never by editing it (docs/decisions/035-reversals-and-four-eyes.md):
 * a completed one by a new movement the other way, linked to it (whole or in part, never more
 * in all than it moved); a pending external one is voided instead, its money coming back as any
 * failed movement's does. The side that gives the money back must hold it: otherwise the
 * refusal names the shortfall (staff can hold the money first).
 */
export function reversalPosting(order: ReversalOrder): Posting<ReversalOutcome> {
  return {
    needs: { pending: [order.transactionId] },
    judge(ledger) {
      const original = ledger.transaction(order.transactionId);
      if (!original)
        return { refused: new TRPCError({ code: 'NOT_FOUND', message: 'Transaction not found' }) };
      if (original.type === 'reversal')
        return { refused: refuse('A reversal cannot itself be reversed') };
      if (!reversibleTypes.has(original.type))
        return { refused: refuse('Loan movements are corrected on the loan, not reversed') };
      if (original.status === 'pending') return voidPending(original, order);
      if (original.status !== 'completed')
        return { refused: refuse('Only a completed movement can be reversed') };
      const left = reversibleCents(original);
      if (left <= 0n) return { refused: refuse('This movement has already been reversed in full') };
      const amountCents = order.amountCents ?? left;
      if (amountCents > left)
        return {
          refused: refuse(`Only ${formatUsd(left)} of this movement is left to reverse`),
        };
      const { from, to } = wayBack(ledger, original);
      if (from.closed || to.closed)
        return { refused: refuse('A closed customer’s account cannot be part of a reversal') };
      const shortfall = shortfallOf(ledger, from, amountCents);
      if (shortfall) return { refused: shortfall };
      const { now } = ledger;
      const note = `Reversed ${formatUsd(amountCents)}: ${order.reason}`;
      return {
        effects: [
          {
            open: compensatingMovement(
              { original, from, to, amountCents, reason: order.reason, note, now },
              {
                category: 'reversal',
                paymentMethod: 'reversal',
                recipientName: to.owner ? `${to.owner.firstName} ${to.owner.lastName}` : null,
              },
            ),
          },
        ],
        answer: (applied) => ({ kind: 'reversed', original, row: onlyRow(applied), amountCents }),
        record: async (tx, applied) => {
          await countReversed(tx, original.id, amountCents, note, now);
          await refuseIfPaidTwice(tx, original.id, amountCents);
          await order.record(tx, {
            kind: 'reversed',
            original,
            row: onlyRow(applied),
            amountCents,
          });
        },
      };
    },
  };
}

/** Money goes back the way it came: from where it arrived to where it left. */
export function wayBack(ledger: LedgerView, original: TransactionRow) {
  const from = ledger.account(original.toAccountId);
  const to = ledger.account(original.fromAccountId);
  if (!from || !to) throw new Error(`The accounts of ${original.id} were not read`);
  return { from, to };
}

/** What a compensating movement undoes, and the note both timelines get (countReversed). */
interface Compensation {
  original: TransactionRow;
  from: AccountParty;
  to: AccountParty;
  amountCents: bigint;
  reason: string;
  note: string;
  now: Date;
}

/**
 * A new movement the other way, linked to the original (`reverses`), whose parties swap sides;
 * the kind names how the history shows it.
 */
export function compensatingMovement(
  { original, from, to, amountCents, reason, note, now }: Compensation,
  shown: Pick<NewMovement, 'category' | 'paymentMethod' | 'recipientName'>,
): NewMovement {
  return {
    type: 'reversal',
    status: 'completed',
    amountCents,
    description: `Reversal: ${original.description}`,
    ...shown,
    notes: reason,
    from,
    to,
    senderUserId: original.recipientUserId,
    recipientUserId: original.senderUserId,
    recipientAccountNumber: to.kind === 'customer' ? to.accountNumber : null,
    reverses: original.id,
    timeline: [timelineEntry('completed', note, now)],
  };
}

function voidPending(original: TransactionRow, order: ReversalOrder): Verdict<ReversalOutcome> {
  if (order.amountCents !== undefined && order.amountCents !== original.amountCents)
    return { refused: refuse('A pending movement is voided whole: leave the amount out') };
  const outcome = (applied: Applied): ReversalOutcome => ({
    kind: 'voided',
    original,
    row: onlyRow(applied),
    amountCents: original.amountCents,
  });
  return {
    effects: [{ void: original, reason: `Voided by the bank: ${order.reason}` }],
    answer: outcome,
    record: (tx, applied) => order.record(tx, outcome(applied)),
  };
}

/** The account that gives the money back must hold it (a system account always can). */
export function shortfallOf(ledger: LedgerView, from: AccountParty, amountCents: bigint) {
  if (from.kind !== 'customer') return undefined;
  const balance = ledger.stateOf(from).balanceCents;
  if (balance >= amountCents) return undefined;
  const short = amountCents - balance;
  return appError(
    'BAD_REQUEST',
    `The account holds ${formatUsd(balance)}: ${formatUsd(short)} short of the ${formatUsd(amountCents)} to reverse`,
    'REVERSAL_SHORTFALL',
    { shortfall: toDollars(short), available: toDollars(balance) },
  );
}

const countedRow = z.object({ id: z.string() });

/**
 * Adds to what the original's reversals have undone, in the money's transaction. The row lock
 * orders racing reversals of one movement; the condition (and the table's check) refuses the one
 * that would pass the amount, and its money is undone with it.
 */
export async function countReversed(
  tx: Executor,
  originalId: string,
  amountCents: bigint,
  note: string,
  now: Date,
) {
  const entry = JSON.stringify([timelineEntry('completed', note, now)]);
  const counted = await queryRows(
    tx,
    sql`update transactions
      set reversed_cents = reversed_cents + ${amountCents.toString()}::bigint,
        timeline = timeline || ${entry}::jsonb, updated_at = ${now.toISOString()}::timestamptz
      where id = ${originalId}::uuid
        and reversed_cents + ${amountCents.toString()}::bigint <= amount_cents
      returning id`,
    countedRow,
  );
  if (counted.length === 0) throw refuse('This movement has already been reversed in full');
}

/**
 * A payment whose dispute was resolved with the credit kept has already come back to the
 * customer in that part: its reversal may return only the rest (counted after this one).
 */
async function refuseIfPaidTwice(tx: Executor, originalId: string, amountCents: bigint) {
  const returned = await returnedOf(tx, originalId);
  if (returned.leftCents >= 0n) return;
  const left = returned.leftCents + amountCents;
  throw refuse(
    `Only ${formatUsd(left > 0n ? left : 0n)} of this movement is left to reverse: ${formatUsd(returned.keptCents)} came back to the customer when their dispute was resolved`,
  );
}

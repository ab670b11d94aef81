import type { Executor } from '@bank/db';
import type { DisputeStatus } from '@bank/db/enums';
import { disputes, transactions } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { appError } from '../errors.ts';
import { creditWithdrawalPosting, provisionalCreditPosting } from '../ledger/kinds/dispute.ts';
import { returnedOf } from '../ledger/kinds/returned.ts';
import { formatUsd } from '../money/cents.ts';
import type { DisputeRow } from './dto.ts';
import { announceDisputeChange, type DisputeActor } from './notices.ts';

type Deps = Pick<AppDeps, 'db' | 'ledger' | 'mailer' | 'publicUrl'>;

/** Where a dispute may go from where it stands; closed ones go nowhere. */
const nextStatuses: Record<DisputeStatus, readonly DisputeStatus[]> = {
  submitted: ['investigating', 'provisional_credit', 'resolved', 'denied', 'withdrawn'],
  investigating: ['provisional_credit', 'resolved', 'denied', 'withdrawn'],
  provisional_credit: ['resolved', 'denied', 'withdrawn'],
  resolved: [],
  denied: [],
  withdrawn: [],
};

const statusWords: Record<DisputeStatus, string> = {
  submitted: 'submitted',
  investigating: 'under investigation',
  provisional_credit: 'provisionally credited',
  resolved: 'resolved',
  denied: 'denied',
  withdrawn: 'withdrawn',
};

export const disputeNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'Dispute not found' });

const cannotMove = (from: DisputeStatus, to: DisputeStatus) =>
  appError(
    'CONFLICT',
    nextStatuses[from].length === 0
      ? `This dispute is already ${statusWords[from]}`
      : `A dispute ${statusWords[from]} cannot become ${statusWords[to]}`,
    'DISPUTE_STATUS',
  );

export interface Move {
  to: DisputeStatus;
  /** A denial's reason (told to the customer), or a note on the resolution. */
  reason?: string | undefined;
  /** A provisional credit of less than what is disputed. */
  amountCents?: bigint | undefined;
}

/** What the customer reads when their dispute reaches `to`. */
function wordsFor(row: DisputeRow, move: Move, description: string) {
  const what = `your dispute of “${description}”`;
  switch (move.to) {
    case 'investigating':
      return {
        title: 'We are investigating your dispute',
        lines: [`We are looking into ${what}.`],
      };
    case 'provisional_credit':
      return {
        title: 'Provisional credit while we investigate',
        lines: [
          `We credited ${formatUsd(row.creditedCents)} to your account while we investigate ${what}.`,
          'If we find the payment was correct, we will take this credit back and tell you why.',
        ],
      };
    case 'resolved':
      return {
        title: 'Your dispute was resolved in your favour',
        lines: [
          `We resolved ${what} in your favour.`,
          ...(move.reason ? [move.reason] : []),
          ...(row.creditReversalId
            ? ['The payment was reversed, so the provisional credit was replaced by it.']
            : row.creditedCents > 0n
              ? [`The credit of ${formatUsd(row.creditedCents)} is now final.`]
              : []),
        ],
      };
    case 'denied':
      return {
        title: 'Your dispute was denied',
        lines: [
          `We looked into ${what} and found the payment correct.`,
          `Reason: ${move.reason ?? 'not given'}`,
          ...(row.creditReversalId ? ['The provisional credit was taken back.'] : []),
        ],
      };
    case 'withdrawn':
      return {
        title: 'You withdrew your dispute',
        lines: [
          `You withdrew ${what}.`,
          ...(row.creditReversalId ? ['The provisional credit was taken back.'] : []),
        ],
      };
    case 'submitted':
      return { title: 'We received your dispute', lines: [`We received ${what}.`] };
  }
}

/**
 * Writes the dispute's new status, only if it still stands where it was read (a racing change
 * loses, and any money moved with it is undone), then announces it.
 */
async function writeMove(
  deps: Deps,
  tx: Executor,
  current: DisputeRow,
  move: Move,
  actor: DisputeActor,
  now: Date,
  money: Partial<Pick<DisputeRow, 'creditTransactionId' | 'creditedCents' | 'creditReversalId'>>,
) {
  const closing = move.to === 'resolved' || move.to === 'denied' || move.to === 'withdrawn';
  const [row] = await tx
    .update(disputes)
    .set({
      status: move.to,
      ...money,
      ...(move.reason !== undefined ? { decisionReason: move.reason } : {}),
      ...(actor.id === current.userId ? {} : { handledById: actor.id }),
      updatedAt: now,
      ...(closing ? { closedAt: now } : {}),
    })
    .where(and(eq(disputes.id, current.id), eq(disputes.status, current.status)))
    .returning();
  if (!row) {
    const [again] = await tx.select().from(disputes).where(eq(disputes.id, current.id));
    throw cannotMove(again?.status ?? current.status, move.to);
  }
  // A credit kept by this resolution and the payment's reversals must not pay the customer
  // twice: a reversal that landed since the credit to keep was worked out refuses it.
  if (move.to === 'resolved' && (await returnedOf(tx, row.transactionId)).leftCents < 0n)
    throw appError(
      'CONFLICT',
      'The payment was reversed while this dispute was being resolved: open it again and resolve it',
    );
  const [disputed] = await tx
    .select({ description: transactions.description })
    .from(transactions)
    .where(eq(transactions.id, row.transactionId));
  const words = wordsFor(row, move, disputed?.description ?? 'a payment');
  await announceDisputeChange(deps, tx, {
    event: move.to === 'withdrawn' ? 'dispute.withdrawn' : 'dispute.updated',
    actor,
    dispute: row,
    title: words.title,
    lines: words.lines,
    details: {
      from: current.status,
      ...(move.reason !== undefined ? { note: move.reason } : {}),
      ...(money.creditedCents !== undefined ? { credited: formatUsd(money.creditedCents) } : {}),
    },
  });
  return row;
}

/**
 * Moves a dispute on. A provisional credit is a movement from the disputes suspense account; a
 * denial or withdrawal takes it back; a resolution for the customer takes back what the payment's
 * own reversal already returned (they are not paid twice). Each goes through the ledger's front
 * door with the dispute's row written in the money's transaction.
 */
export async function moveDispute(
  deps: Deps,
  current: DisputeRow,
  move: Move,
  actor: DisputeActor,
  now: Date,
): Promise<DisputeRow> {
  if (!nextStatuses[current.status].includes(move.to)) throw cannotMove(current.status, move.to);
  const [disputed] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, current.transactionId));
  if (!disputed) throw disputeNotFound();

  if (move.to === 'provisional_credit') {
    // What reversals and earlier disputes' kept credits have not already given back.
    const { leftCents: left } = await returnedOf(deps.db, disputed.id);
    const amountCents = move.amountCents ?? left;
    if (amountCents > left || amountCents <= 0n)
      throw appError(
        'BAD_REQUEST',
        `At most ${formatUsd(left > 0n ? left : 0n)} of this payment can be credited`,
      );
    let written: DisputeRow | undefined;
    await deps.ledger.submit(
      provisionalCreditPosting({
        customerId: current.userId,
        amountCents,
        disputedDescription: disputed.description,
        record: async (tx, credit) => {
          written = await writeMove(deps, tx, current, move, actor, now, {
            creditTransactionId: credit.id,
            creditedCents: amountCents,
          });
        },
      }),
    );
    if (!written) throw new Error('The provisional credit was written without its dispute');
    return written;
  }

  const takeBack = creditToTakeBack(current, move.to, disputed.reversedCents);
  if (takeBack > 0n && current.creditTransactionId) {
    let written: DisputeRow | undefined;
    await deps.ledger.submit(
      creditWithdrawalPosting({
        creditTransactionId: current.creditTransactionId,
        amountCents: takeBack,
        reason:
          move.to === 'resolved'
            ? 'the payment itself was reversed'
            : move.to === 'denied'
              ? 'dispute denied'
              : 'dispute withdrawn',
        record: async (tx, reversal) => {
          written = await writeMove(deps, tx, current, move, actor, now, {
            creditReversalId: reversal.id,
          });
        },
      }),
    );
    if (!written) throw new Error('The credit was taken back without its dispute');
    return written;
  }
  return deps.db.transaction((tx) => writeMove(deps, tx, current, move, actor, now, {}));
}

/**
 * What of the provisional credit goes back: all of it when the dispute fails or is withdrawn;
 * when it is resolved for the customer, only what the payment's reversal already returned.
 */
function creditToTakeBack(current: DisputeRow, to: DisputeStatus, reversedCents: bigint) {
  if (current.creditedCents === 0n) return 0n;
  if (to === 'denied' || to === 'withdrawn') return current.creditedCents;
  if (to === 'resolved')
    return reversedCents < current.creditedCents ? reversedCents : current.creditedCents;
  return 0n;
}

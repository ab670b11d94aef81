import { transactions } from '@bank/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { type PendingOutcome, pendingPosting } from '../ledger/kinds/pending.ts';

/**
 * The sandbox clearing network: an account number ending in 0000 does not exist there, so a
 * transfer to it fails and its money comes back. Everything else clears.
 */
export function clearingRejects(row: {
  type: string;
  recipientAccountNumber: string | null;
}): string | null {
  if (row.type === 'transfer' && row.recipientAccountNumber?.endsWith('0000')) {
    return 'The receiving bank rejected the transfer: account not found';
  }
  return null;
}

/** Settlements handed to the desk together. */
const SETTLEMENT_SLICE = 16;

/**
 * Completes (or voids, returning the money) pending movements older than `minAgeMs`, through
 * the ledger's front door like every movement. Several instances may pick the same rows: the
 * ledger's write settles each once, and the others find it no longer pending.
 */
export async function settlePendingTransactions(
  deps: Pick<AppDeps, 'db' | 'ledger'>,
  minAgeMs: number,
  batch = 50,
): Promise<number> {
  const due = await deps.db
    .select({
      id: transactions.id,
      type: transactions.type,
      recipientAccountNumber: transactions.recipientAccountNumber,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'pending'),
        lt(transactions.createdAt, new Date(Date.now() - minAgeMs)),
      ),
    )
    .orderBy(transactions.createdAt)
    .limit(batch);
  const outcomes: PendingOutcome[] = [];
  // A slice at a time: each joins the batch of customers' postings waiting at the desk, instead
  // of 200 settlements making batches of their own that every customer's request waits behind
  // (the bench's mixed load: p99 82-199 ms with the backlog settled at once, 17 ms without it).
  for (let start = 0; start < due.length; start += SETTLEMENT_SLICE) {
    const slice = due.slice(start, start + SETTLEMENT_SLICE);
    const settled = await Promise.all(
      slice.map(async (row): Promise<PendingOutcome> => {
        const rejection = clearingRejects(row);
        const posted = await deps.ledger.submit(
          pendingPosting(
            row.id,
            rejection
              ? { void: rejection }
              : {
                  complete: row.type === 'withdraw' ? 'Paid out' : 'Received by the external bank',
                },
          ),
        );
        return posted.value;
      }),
    );
    outcomes.push(...settled);
  }
  return outcomes.filter((outcome) => outcome !== 'unchanged').length;
}

/**
 * The settlement task: settles what is due in batches until nothing is (or `maxBatches` ran),
 * so a busy bank's backlog clears within a tick instead of 50 movements at a time.
 */
export async function settleDueTransactions(
  deps: Pick<AppDeps, 'db' | 'ledger'>,
  minAgeMs: number,
  { batch = 200, maxBatches = 25 } = {},
): Promise<number> {
  let settled = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const count = await settlePendingTransactions(deps, minAgeMs, batch);
    settled += count;
    if (count < batch) break;
  }
  return settled;
}

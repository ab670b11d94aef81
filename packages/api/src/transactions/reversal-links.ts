import type { Executor } from '@bank/db';
import { transactions } from '@bank/db/schema';
import { asc, inArray } from 'drizzle-orm';

/**
 * The reversals of the movements given, by the movement they undo ('Reversed by'). Only rows
 * some reversal touched are looked up, so an ordinary page costs no extra statement.
 */
export async function reversalsOf(
  db: Executor,
  rows: ReadonlyArray<{ id: string; reversedCents: bigint }>,
): Promise<Map<string, string[]>> {
  const reversed = rows.filter((row) => row.reversedCents > 0n).map((row) => row.id);
  const links = new Map<string, string[]>();
  if (reversed.length === 0) return links;
  const found = await db
    .select({ id: transactions.id, reversesId: transactions.reversesId })
    .from(transactions)
    .where(inArray(transactions.reversesId, reversed))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  for (const { id, reversesId } of found) {
    if (!reversesId) continue;
    links.set(reversesId, [...(links.get(reversesId) ?? []), id]);
  }
  return links;
}

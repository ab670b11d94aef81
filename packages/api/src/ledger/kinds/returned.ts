import type { Executor } from '@bank/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db-rows.ts';

const returnedRow = z.object({
  amount_cents: z.string().transform(BigInt),
  reversed_cents: z.string().transform(BigInt),
  kept_cents: z.string().transform(BigInt),
});

/**
 * What of a movement has come back to its payer, read under the movement's row lock: by its
 * reversals (`reversedCents`) and by the provisional credits kept when a dispute of it was
 * resolved for the customer (`keptCents`). Together they never pass what it moved: a reversal
 * after a resolution, or a resolution after a reversal, that would pay the customer twice is
 * refused by whichever comes second.
 */
export async function returnedOf(tx: Executor, transactionId: string) {
  const [row] = await queryRows(
    tx,
    sql`select t.amount_cents::text, t.reversed_cents::text,
        coalesce((select sum(c.amount_cents - c.reversed_cents) from disputes d
          join transactions c on c.id = d.credit_transaction_id
          where d.transaction_id = t.id and d.status = 'resolved'), 0)::text as kept_cents
      from transactions t where t.id = ${transactionId}::uuid
      for update of t`,
    returnedRow,
  );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Transaction not found' });
  return {
    amountCents: row.amount_cents,
    reversedCents: row.reversed_cents,
    keptCents: row.kept_cents,
    leftCents: row.amount_cents - row.reversed_cents - row.kept_cents,
  };
}

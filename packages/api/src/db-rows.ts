import type { Executor } from '@bank/db';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Rows of a raw statement, whichever driver ran it (postgres.js answers an array, PGlite an
 * object with `rows`), checked against the shape the caller expects.
 */
export async function queryRows<T extends z.ZodType>(
  db: Executor,
  query: SQL,
  row: T,
): Promise<z.output<T>[]> {
  const result: unknown = await db.execute(query);
  const rows = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result
      ? result.rows
      : [];
  return z.array(row).parse(rows);
}

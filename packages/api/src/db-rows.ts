import type { Executor } from '@bank/db';
import { type SQL, sql } from 'drizzle-orm';
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

/** A list as one array parameter (drizzle would spread a JavaScript array into a row). */
export function textArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;
}

export function uuidArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)::uuid)`;
}

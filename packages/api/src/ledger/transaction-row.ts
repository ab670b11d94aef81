import { transactionStatuses, transactionTypes } from '@bank/db/enums';
import { transactions } from '@bank/db/schema';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { z } from 'zod';

/** A row of `transactions`, the ledger's record of one movement. */
export type TransactionRow = typeof transactions.$inferSelect;
type Key = keyof TransactionRow;

/**
 * The ledger's SQL names the columns of `transactions` from the table's one definition (the
 * drizzle schema, snake_case as the client's casing makes it), so no statement can leave one out:
 * the reads, the insert and the settling update take their lists from here, built once.
 */
const table = getTableColumns(transactions);
const isColumn = (key: string): key is Key & keyof typeof table => Object.hasOwn(table, key);
const columns = Object.keys(table)
  .filter(isColumn)
  .map((key) => ({ key, name: toSnakeCase(key), type: table[key].getSQLType() }));

/** `id, type, status, …`: every column, in the table's order (an INSERT's or a SELECT's list). */
export const transactionColumnList: SQL = sql.raw(columns.map((c) => c.name).join(', '));

const some = (keys?: readonly Key[]) =>
  keys ? columns.filter((c) => keys.some((key) => key === c.key)) : columns;

/** The columns as `jsonb_to_recordset` declares them: every one, or those named. */
export function transactionRecordset(keys?: readonly Key[]): SQL {
  return sql.raw(
    some(keys)
      .map((c) => `${c.name} ${c.type}`)
      .join(', '),
  );
}

/**
 * A row of `alias` as the arguments of `json(b)_build_object`, keyed as TransactionRow is and
 * read back by `transactionRowJson`; bigints as text, so that no cent is lost to a JSON number.
 */
export function transactionJsonPairs(alias: string): SQL {
  return sql.raw(
    columns
      .map((c) => `'${c.key}', ${alias}.${c.name}${c.type === 'bigint' ? '::text' : ''}`)
      .join(', '),
  );
}

const timelineJson = z.array(
  z.object({
    id: z.string(),
    status: z.enum(transactionStatuses),
    description: z.string(),
    timestamp: z.string(),
    forRecipient: z.string().optional(),
  }),
);

/** A row as `transactionJsonPairs` wrote it. */
export const transactionRowJson = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  status: z.enum(transactionStatuses),
  amountCents: z.string().transform(BigInt),
  currency: z.string(),
  description: z.string(),
  category: z.string(),
  paymentMethod: z.string(),
  notes: z.string().nullable(),
  fromAccountId: z.string(),
  toAccountId: z.string(),
  senderUserId: z.string().nullable(),
  recipientUserId: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientAccountNumber: z.string().nullable(),
  counterparty: z.record(z.string(), z.string()).nullable(),
  timeline: timelineJson,
  payeeId: z.string().nullable(),
  reversesId: z.string().nullable(),
  reversedCents: z.string().transform(BigInt),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
  searchOut: z.string(),
  searchIn: z.string(),
}) satisfies z.ZodType<TransactionRow, unknown>;

const jsonValue = (value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Rows as `jsonb_to_recordset(…) as x(${transactionRecordset(keys)})` reads them: every column,
 * or those named. Build it once, then call it per row.
 */
export function transactionToJson(
  keys?: readonly Key[],
): (row: TransactionRow) => Record<string, unknown> {
  const wanted = some(keys);
  return (row) => {
    const json: Record<string, unknown> = {};
    for (const c of wanted) json[c.name] = jsonValue(row[c.key]);
    return json;
  };
}

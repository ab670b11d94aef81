import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Executor } from '@bank/db';
import { spendingCategoryLabels } from '@bank/validators/categories';
import type { transactionFilters } from '@bank/validators/money';
import { stringify } from 'csv-stringify';
import type { z } from 'zod';
import type { Counterparty } from '../ledger/counterparty.ts';
import type { TransactionDto } from '../ledger/transaction-dto.ts';
import { listTransactions } from './history.ts';

/** A text cell a spreadsheet would run as a formula is defused with a leading quote. */
const defuseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Rows read per statement while exporting: every row is written, however many there are. */
export const EXPORT_BATCH = 1_000;

const columns = [
  'Date',
  'Reference',
  'Type',
  'Description',
  'Counterparty',
  'Category',
  'Status',
  'Direction',
  'Amount',
  'Currency',
];

/** 'Bob Rivera', 'Citi ••6789': the other side as the list row names it. */
function counterpartyText(counterparty: Counterparty): string {
  return counterparty.bank && counterparty.accountNumber
    ? `${counterparty.bank} ••${counterparty.accountNumber}`
    : counterparty.name;
}

function record(t: TransactionDto): Array<string | number> {
  return [
    t.createdAt,
    t.id,
    t.type,
    t.description,
    counterpartyText(t.counterparty),
    spendingCategoryLabels[t.category],
    t.status,
    t.direction,
    // A number, so that spreadsheets sum it: the formula guard is for text cells only.
    t.direction === 'credit' ? t.amount : -t.amount,
    t.currency,
  ];
}

/**
 * The customer's history, newest first, a batch at a time by cursor (each batch walks the
 * account's indexes from where the last stopped, so the thousandth batch costs what the first
 * does); nothing is held but the batch being written.
 */
async function* records(
  db: Executor,
  userId: string,
  filters: z.output<typeof transactionFilters>,
): AsyncGenerator<Array<string | number>> {
  let cursor: string | undefined;
  for (;;) {
    const batch = await listTransactions(
      db,
      userId,
      { ...filters, page: 1, limit: EXPORT_BATCH, cursor },
      { counted: false },
    );
    for (const t of batch.data) yield record(t);
    const last = batch.data.at(-1);
    if (!batch.nextCursor || !last) return;
    cursor = last.id;
  }
}

/**
 * The CSV of every matching row, streamed: no cap and no whole file in memory. Lines end in a
 * line feed with none after the last; a cell is quoted for a comma, a quote or a line feed. A
 * failure after the first bytes ends the stream with that error (the download is cut short,
 * never silently complete).
 */
export function transactionsCsv(
  db: Executor,
  userId: string,
  filters: z.output<typeof transactionFilters>,
): Readable {
  const csv = stringify({
    header: true,
    columns,
    eof: false,
    quote_record_delimiter: false,
    cast: { string: defuseFormula, number: (value) => value.toFixed(2) },
  });
  // On a failure pipeline destroys `csv` with the error, which is what its reader sees.
  pipeline(Readable.from(records(db, userId, filters)), csv).catch(() => undefined);
  return csv;
}

/** The export's file name: the day it was made (UTC). */
export function exportFileName(now = new Date()): string {
  return `transactions-${now.toISOString().slice(0, 10)}.csv`;
}

import type { Applied } from '../posting.ts';
import type { TransactionRow } from '../transaction-row.ts';

/** The one row an effect made or changed (postings here have one effect each). */
export function onlyRow(applied: Applied): TransactionRow {
  const [row] = applied.rows;
  if (!row) throw new Error('The posting had no effect to answer with');
  return row;
}

import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { requiredRef, timestampNow } from './columns.ts';
import { transactions } from './money.ts';
import { ownerId } from './users.ts';

/**
 * A customer's own filing of a movement (Groceries, Rent & housing, …): an annotation beside the
 * ledger, never a column the money's write must fill. Only a movement the customer refiled has
 * a row; the others read their default from their kind (api ledger/spending-category.ts). Each
 * side of a transfer files it for themselves: the row is keyed by the customer too.
 */
export const transactionCategories = pgTable(
  'transaction_categories',
  {
    userId: ownerId(),
    transactionId: requiredRef(() => transactions.id),
    /** A key of the catalogue (validators categories.ts); not an enum, so it can grow. */
    category: text().notNull(),
    updatedAt: timestampNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.transactionId] })],
);

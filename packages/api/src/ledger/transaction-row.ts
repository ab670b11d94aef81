import type { transactions } from '@bank/db/schema';

/** A row of `transactions`, the ledger's record of one movement. */
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * The values of the database's enums, without drizzle: the schema builds its enums from them
 * and the validators (shared with the browser) import them from here, so each list exists once.
 */
export const transactionTypes = [
  'transfer',
  'deposit',
  'withdraw',
  'loan_disbursement',
  'loan_repayment',
  'interest_earned',
  'fee',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactionStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

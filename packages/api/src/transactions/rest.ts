import {
  byIdInput,
  depositInput,
  payeeLookupInput,
  transactionFilters,
  transactionListQuery,
  transferInput,
  withdrawInput,
} from '@bank/validators/money';
import { reversalInput } from '@bank/validators/operations';
import { z } from 'zod';
import { payeeAnswerSchema } from '../accounts/payee.ts';
import { approvalSchema } from '../approvals/approval-schema.ts';
import { movementResultSchema, transactionDtoSchema } from '../ledger/transaction-dto.ts';
import { defineRoute, noInput } from '../rest/define.ts';

const tag = 'Transactions';

const pageSchema = z.object({
  data: z.array(transactionDtoSchema),
  page: z.number(),
  limit: z.number(),
  count: z.number(),
  total: z.number(),
  pages: z.number(),
});

/** The older transfer form names the number `accountNumber` (docs/product.md 3, 5): accepted too. */
function withAccountNumberAlias(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'recipientAccountNumber' in value)
    return value;
  return 'accountNumber' in value
    ? { ...value, recipientAccountNumber: value.accountNumber }
    : value;
}
const restTransferInput = z.preprocess(withAccountNumberAlias, transferInput);

const anyMovementInput = z.discriminatedUnion('type', [
  transferInput.safeExtend({ type: z.literal('transfer') }),
  depositInput.safeExtend({ type: z.literal('deposit') }),
  withdrawInput.safeExtend({ type: z.literal('withdraw') }),
]);

export const transactionRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/accounts/lookup',
    summary:
      'Check a recipient. Confirmation of payee: who holds an account number, before sending money.',
    description:
      'An account of this bank answers its holder as the transfer will credit them, masked (`Bob S.`), and with `name` whether the name you expect matches (`match`, `close`, `no_match`), judged against the full name. Any other number is another bank’s (`external`): no name can be confirmed. A number in this bank’s format (12 digits starting with 4) with wrong check digits answers 400 `Invalid account number`. At most 30 look-ups a minute per user.',
    tag: 'Accounts',
    access: 'customer',
    rateLimitHeaders: true,
    input: payeeLookupInput,
    output: payeeAnswerSchema,
    example: { accountNumber: '412345678085', name: 'Bob Smith' },
    handle: ({ caller, input }) => caller.transactions.lookupPayee(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions',
    summary: 'List transactions. The customer’s own, newest first, filtered and paginated.',
    tag,
    access: 'customer',
    input: transactionListQuery,
    output: pageSchema,
    example: { page: 1, limit: 10, type: 'transfer', status: 'completed' },
    handle: ({ caller, input }) => caller.transactions.list(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/admin/all',
    summary: 'List every customer’s transactions. With the sender, for administrators.',
    tag,
    access: 'admin',
    input: transactionListQuery,
    output: pageSchema,
    handle: ({ caller, input }) => caller.transactions.all(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/balance',
    summary:
      'Get the balance. With the account number and today’s use of the transfer and withdrawal limits.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({
      balance: z.number(),
      currency: z.string(),
      accountNumber: z.string(),
      accountType: z.string(),
      withdrawalLimit: z.number(),
      withdrawnToday: z.number(),
      transferLimit: z.number(),
      transferredToday: z.number(),
    }),
    handle: ({ caller }) => caller.transactions.balance(),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/stats',
    summary: 'Get statistics. Balance, total income and expenses, and both by month.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({
      stats: z.object({
        balance: z.number(),
        totalIncome: z.number(),
        totalExpense: z.number(),
        monthlyStats: z.array(
          z.object({ month: z.string(), income: z.number(), expenses: z.number() }),
        ),
      }),
    }),
    handle: async ({ caller }) => ({ stats: await caller.transactions.stats() }),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/export',
    summary: 'Export transactions as CSV. The same filters as the list.',
    tag,
    access: 'customer',
    input: transactionFilters,
    output: z.string(),
    contentType: 'text/csv',
    handle: async ({ caller, input }) => (await caller.transactions.exportCsv(input)).csv,
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/:id',
    summary: 'Get a transaction. One of the customer’s own, with its timeline.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ data: transactionDtoSchema }),
    handle: async ({ caller, input }) => ({ data: await caller.transactions.byId(input) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/transactions/transfer',
    summary:
      'Send money. To an account of this bank it arrives at once; to another bank it is pending until cleared.',
    tag,
    access: 'customer',
    confirmsSession: true,
    input: restTransferInput,
    parsedFor: transferInput,
    output: movementResultSchema,
    successStatus: 201,
    example: {
      recipientAccountNumber: '412345678085',
      recipientName: 'Bob Smith',
      amount: 25.5,
      description: 'Dinner',
    },
    handle: ({ caller, input }) => caller.transactions.transfer(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/transactions/deposit',
    summary: 'Deposit money. From a card (a saved card needs its CVV) or a linked bank account.',
    tag,
    access: 'customer',
    confirmsSession: true,
    input: depositInput,
    parsedFor: depositInput,
    output: movementResultSchema,
    successStatus: 201,
    example: {
      method: 'card',
      amount: 100,
      cardNumber: '4242424242424242',
      expiryDate: '12/29',
      cvv: '123',
    },
    handle: ({ caller, input }) => caller.transactions.deposit(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/transactions/withdraw',
    summary:
      'Withdraw money. To a bank account, a debit card or for cash pickup (pending until paid out).',
    tag,
    access: 'customer',
    confirmsSession: true,
    input: withdrawInput,
    parsedFor: withdrawInput,
    output: movementResultSchema,
    successStatus: 201,
    handle: ({ caller, input }) => caller.transactions.withdraw(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/transactions',
    summary: 'Move money by type. A transfer, deposit or withdrawal, chosen by `type`.',
    tag,
    access: 'customer',
    confirmsSession: true,
    input: anyMovementInput,
    output: movementResultSchema,
    successStatus: 201,
    handle: ({ caller, input }) => {
      if (input.type === 'deposit') return caller.transactions.deposit(input);
      if (input.type === 'withdraw') return caller.transactions.withdraw(input);
      return caller.transactions.transfer(input);
    },
  }),
];

const reversalPath = z.object({
  id: z.uuid('Transaction not found'),
});

transactionRestRoutes.push(
  defineRoute({
    method: 'POST',
    path: '/admin/transactions/:id/reversal',
    summary:
      'Reverse a transaction. A completed one, whole or in part, by a linked compensating transaction; a pending one is voided.',
    description:
      'Without `amount`, all that is left to reverse. The side that gives the money back must hold it: otherwise 400 `REVERSAL_SHORTFALL` with `details.shortfall`. The total reversed never passes the original amount. Above the bank’s four-eyes amount the answer is 202 with an `approval` another administrator decides on (`POST /admin/approvals/{id}/approve`). Nobody reverses a movement of their own account (403 `OWN_ACCOUNT`); a second pending request for the same transaction is 409 `APPROVAL_PENDING`.',
    tag: 'Admin',
    access: 'admin',
    errors: [409],
    input: reversalPath.extend(reversalInput.omit({ id: true }).shape),
    output: z.object({ transaction: transactionDtoSchema }),
    accepted: z.object({ approval: approvalSchema }),
    successStatus: 201,
    handle: ({ caller, input }) => caller.transactions.reverse(input),
  }),
);

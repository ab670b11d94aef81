import { setCategoryInput, spendingCategories } from '@bank/validators/categories';
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
import { csvBody, defineRoute, noInput } from '../rest/define.ts';
import { transactionsCsv } from './csv-export.ts';
import { ownTransactionListQuery } from './cursor.ts';

const tag = 'Transactions';

/** A transfer as it comes back, for the reference's examples (a real answer's shape). */
const transferExample: z.input<typeof transactionDtoSchema> = {
  id: '9d6f2f52-3c1e-4b8a-a6f4-2f0c7e1d5b90',
  _id: '9d6f2f52-3c1e-4b8a-a6f4-2f0c7e1d5b90',
  type: 'transfer',
  status: 'completed',
  amount: 25.5,
  currency: 'USD',
  direction: 'debit',
  description: 'Dinner',
  category: 'transfers',
  paymentMethod: 'internal_transfer',
  notes: null,
  recipient: {
    _id: '5b2e8c1a-7d4f-4e2b-9c3a-1f6d8e0a2b47',
    id: '5b2e8c1a-7d4f-4e2b-9c3a-1f6d8e0a2b47',
  },
  recipientName: 'Bob S.',
  recipientAccountNumber: '412345678085',
  sender: { firstName: 'Alice', lastName: 'Johnson', email: 'alice@demo.bank' },
  counterparty: { name: 'Bob S.', accountNumber: '8085', bank: null, routingNumber: null },
  reverses: null,
  reversedAmount: 0,
  reversedBy: [],
  timeline: [
    {
      id: '1',
      status: 'completed',
      description: 'Transfer initiated',
      timestamp: '2026-11-27T14:05:12.381Z',
    },
    {
      id: '2',
      status: 'completed',
      description: 'Delivered to Bob S.',
      timestamp: '2026-11-27T14:05:12.381Z',
    },
  ],
  timestamp: '2026-11-27T14:05:12.381Z',
  createdAt: '2026-11-27T14:05:12.381Z',
  updatedAt: '2026-11-27T14:05:12.381Z',
};
const monthFigures = z.object({
  month: z.string().describe('YYYY-MM'),
  income: z.number(),
  expenses: z.number(),
});

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
    appScope: 'payments:write',
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
    description:
      'Two ways to page. By offset: `page` and `limit` (the answer’s `page`, `pages`, `total`); a transaction that lands meanwhile shifts later pages by one. By cursor: leave `page` out and pass the answer’s `nextCursor` as `cursor` for the next page, until `nextCursor` is null; pages never repeat or skip a row, whatever lands meanwhile. `total` counts every row that matches the filters.',
    tag,
    access: 'customer',
    appScope: 'transactions:read',
    input: ownTransactionListQuery,
    // Parsed once: a decoded cursor is not a cursor any more.
    parsedFor: ownTransactionListQuery,
    output: pageSchema.extend({
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'The `cursor` of the next page; null on the last page.' }),
    }),
    example: { page: 1, limit: 10, type: 'transfer', status: 'completed' },
    answerExample: {
      data: [transferExample],
      page: 1,
      limit: 10,
      count: 1,
      total: 1,
      pages: 1,
      nextCursor: null,
    },
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
    appScope: 'accounts:read',
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
    summary:
      'Get statistics. Balance, income and expenses: all time, this month, last month, by month.',
    description:
      'Income is money received that completed; expenses are money sent that did not fail. Loan proceeds are not income, the principal of a loan repayment is not an expense (its interest is), and money between the customer’s own accounts is neither. Months are the bank’s (America/New_York).',
    tag,
    access: 'customer',
    appScope: 'transactions:read',
    input: noInput,
    output: z.object({
      stats: z.object({
        balance: z.number(),
        totalIncome: z.number(),
        totalExpense: z.number(),
        thisMonth: monthFigures.describe('This month so far, in the bank’s time zone.'),
        lastMonth: monthFigures.describe('The month before.'),
        monthlyStats: z.array(
          z.object({ month: z.string(), income: z.number(), expenses: z.number() }),
        ),
        spendingByCategory: z
          .array(
            z.object({
              category: z.enum(spendingCategories),
              amount: z.number().meta({ description: 'Spent this month.' }),
              lastMonth: z.number().meta({ description: 'Spent last month.' }),
            }),
          )
          .describe(
            'This month’s expenses (as `thisMonth.expenses` counts them) by the customer’s spending category, largest first, with last month’s beside; a category with nothing in either month is left out.',
          ),
      }),
    }),
    handle: async ({ caller }) => ({ stats: await caller.transactions.stats() }),
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/export',
    summary: 'Export transactions as CSV. The same filters as the list.',
    description:
      'Every matching row, newest first, streamed as it is read: there is no row cap, however long the history. Columns: Date, Reference, Type, Description, Counterparty, Category, Status, Direction, Amount, Currency. Amounts are plain numbers (negative for money out) that spreadsheets sum; only text cells that a spreadsheet would run as a formula get a leading quote.',
    tag,
    access: 'customer',
    input: transactionFilters,
    output: csvBody,
    contentType: 'text/csv',
    handle: async ({ caller, ctx, input }) => {
      const { fileName, ownerId } = await caller.transactions.csvExport(input);
      return { fileName, body: transactionsCsv(ctx.deps.db, ownerId, input) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/transactions/:id',
    summary: 'Get a transaction. One of the customer’s own, with its timeline.',
    tag,
    access: 'customer',
    appScope: 'transactions:read',
    input: byIdInput,
    output: z.object({ data: transactionDtoSchema }),
    answerExample: { data: transferExample },
    handle: async ({ caller, input }) => ({ data: await caller.transactions.byId(input) }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/transactions/:id/category',
    summary:
      'File a transaction under a spending category. For the caller alone: the other side keeps theirs.',
    description:
      'One of the catalogue: `income`, `transfers`, `shopping`, `groceries`, `dining`, `bills_utilities`, `rent_housing`, `travel`, `entertainment`, `health`, `cash`, `loans`, `fees`, `other`. Until a customer files a movement it reads the category its kind tells (money received `income`, sent `transfers`, a loan’s `loans`, a fee `fees`, cash taken out `cash`). The dashboard’s spending by category (`GET /transactions/stats`, `spendingByCategory`) counts each expense under the category it reads. Another category answers 400 `VALIDATION_ERROR` (`Choose a category from the list`); another customer’s transaction 404. Moves no money, so it takes no `Idempotency-Key`: the same call twice leaves the same filing.',
    tag,
    access: 'customer',
    input: setCategoryInput,
    output: z.object({ data: transactionDtoSchema }),
    example: { id: '9d6f2f52-3c1e-4b8a-a6f4-2f0c7e1d5b90', category: 'groceries' },
    answerExample: { data: { ...transferExample, category: 'groceries' } },
    handle: async ({ caller, input }) => ({ data: await caller.transactions.setCategory(input) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/transactions/transfer',
    summary:
      'Send money. To an account of this bank it arrives at once; to another bank it is pending until cleared.',
    tag,
    access: 'customer',
    appScope: 'payments:write',
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
    answerExample: {
      message: 'Transfer completed successfully',
      transaction: transferExample,
      newBalance: 1224.5,
    },
    handle: ({ caller, input }) => caller.transactions.transfer(input),
    dryRun: {
      description:
        'With `?dryRun=true`: the verdict without the transfer. 200 `{"wouldSucceed": true}`, or the very refusal the transfer would answer now (e.g. 400 `INSUFFICIENT_FUNDS`, `DAILY_LIMIT_EXCEEDED` with its figures), judged by the ledger’s own rules. No money moves, nothing is stored, and an `Idempotency-Key` sent along stays free for the real transfer.',
      output: z.object({ wouldSucceed: z.literal(true) }),
      handle: ({ caller, input }) => caller.transactions.transferDryRun(input),
    },
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

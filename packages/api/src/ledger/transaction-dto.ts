import { transactionStatuses, transactionTypes } from '@bank/db/enums';
import type { TimelineEntry } from '@bank/db/schema';
import { spendingCategories } from '@bank/validators/categories';
import { z } from 'zod';
import { toDollars } from '../money/cents.ts';
import { instant, money, uuid } from '../rest/schemas.ts';
import { counterpartyOf, counterpartySchema } from './counterparty.ts';
import type { Customer } from './posting.ts';
import { categoryOf } from './spending-category.ts';
import type { TransactionRow } from './transaction-row.ts';

export interface PartyNames {
  sender: { firstName: string; lastName: string; email: string } | null;
  /** The reversals that undid this movement, oldest first (transactions/reversal-links.ts). */
  reversedBy?: string[];
  /** The viewer's own filing of it (transaction_categories), when they made one. */
  category?: string | null;
}

/**
 * A transaction as one customer sees it (docs/product.md 3): dollars, and the direction for that
 * customer's account (incoming if money reached it, else outgoing).
 */
export function toTransactionDto(
  row: TransactionRow,
  viewerAccountId: string | null,
  parties: PartyNames,
) {
  const incoming =
    viewerAccountId !== null ? row.toAccountId === viewerAccountId : row.type === 'deposit';
  const sender = parties.sender ? `${parties.sender.firstName} ${parties.sender.lastName}` : null;
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    status: row.status,
    amount: toDollars(row.amountCents),
    currency: row.currency,
    direction: incoming ? ('credit' as const) : ('debit' as const),
    description: row.description,
    // The viewer's spending category: their own filing, else what the kind of movement tells.
    category: categoryOf(row, incoming, parties.category),
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    // Another customer's internal id never reaches a sender: only the recipient (their own id)
    // and staff (no viewer account) see it.
    recipient:
      row.recipientUserId && (incoming || viewerAccountId === null)
        ? { _id: row.recipientUserId, id: row.recipientUserId }
        : null,
    recipientName: row.recipientName,
    recipientAccountNumber: row.recipientAccountNumber,
    sender: parties.sender,
    counterparty: counterpartyOf(row, incoming, sender),
    // Each side reads the stages its own way ("Received from Bob Rivera", not "Delivered to" me).
    timeline: row.timeline.map(({ forRecipient, ...entry }) =>
      incoming && forRecipient ? { ...entry, description: forRecipient } : entry,
    ),
    // Corrections are new movements linked both ways: 'Reverses' and 'Reversed by'.
    reverses: row.reversesId,
    reversedAmount: toDollars(row.reversedCents),
    reversedBy: parties.reversedBy ?? [],
    timestamp: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type TransactionDto = ReturnType<typeof toTransactionDto>;

const timelineEntrySchema = z.object({
  id: z.string(),
  status: z.enum(transactionStatuses),
  description: z.string(),
  timestamp: instant,
}) satisfies z.ZodType<Omit<TimelineEntry, 'forRecipient'>>;

export const transactionDtoSchema = z
  .object({
    id: uuid,
    _id: uuid,
    type: z.enum(transactionTypes),
    status: z.enum(transactionStatuses),
    amount: money,
    currency: z.string(),
    direction: z.enum(['credit', 'debit']),
    description: z.string(),
    category: z
      .enum(spendingCategories)
      .describe(
        'The spending category, as this customer filed it (`PUT /transactions/{id}/category`) or, until they do, as its kind tells: money received `income`, sent `transfers`, a loan’s `loans`, a fee `fees`, cash taken out `cash`. Each side of a transfer files it for themselves.',
      ),
    paymentMethod: z.string(),
    notes: z.string().nullable(),
    recipient: z.object({ _id: z.string(), id: z.string() }).nullable(),
    recipientName: z.string().nullable(),
    recipientAccountNumber: z.string().nullable(),
    sender: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
    counterparty: counterpartySchema.describe(
      'The other side as this customer sees it: the sender of money received, the recipient of money sent, the card or bank of a deposit or withdrawal, the loan. `accountNumber` holds the last four digits at most; `bank` names an outside bank (null for this bank, cards and loans).',
    ),
    timeline: z.array(timelineEntrySchema),
    reverses: uuid.nullable().meta({ description: 'The movement this reversal undoes.' }),
    reversedAmount: money.meta({ description: 'How much of this movement reversals undid.' }),
    reversedBy: z
      .array(uuid)
      .meta({ description: 'The reversals that undid this movement, oldest first.' }),
    timestamp: instant,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Transaction' }) satisfies z.ZodType<TransactionDto>;

/** What a money-moving call answers: the transaction and the customer's balance after it. */
export const movementResultSchema = z.object({
  message: z.string(),
  transaction: transactionDtoSchema,
  newBalance: money,
});
export type MovementResult = z.infer<typeof movementResultSchema>;

/** What a money-moving call answers, from the customer's side. */
export function movementResult(
  message: string,
  row: TransactionRow,
  viewerAccountId: string,
  balance: bigint,
  sender: Pick<Customer, 'firstName' | 'lastName' | 'email'>,
): MovementResult {
  return {
    message,
    transaction: toTransactionDto(row, viewerAccountId, {
      sender: { firstName: sender.firstName, lastName: sender.lastName, email: sender.email },
    }),
    newBalance: toDollars(balance),
  };
}

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { freezeModes, transactionStatuses, transactionTypes } from '../enums.ts';
import {
  cents,
  day,
  instant,
  primaryId,
  sealedAccountNumber,
  timestampNow,
  timestamps,
} from './columns.ts';
import { nullableUserId, ownerId, users } from './users.ts';

export const accountKind = pgEnum('account_kind', ['customer', 'system']);
export const accountType = pgEnum('account_type', ['checking', 'savings']);
export const accountFreezeMode = pgEnum('account_freeze_mode', freezeModes);

/**
 * Every account, the customers' and the bank's own (external clearing, loans funding, fees,
 * interest). The balance is a cache of the sum of the account's ledger entries, updated in the
 * same transaction; the check keeps customer balances from ever going below zero.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: primaryId(),
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    kind: accountKind().notNull().default('customer'),
    /** For system accounts: external_clearing, loans_funding, fees, interest, disputes_suspense. */
    systemCode: text(),
    accountNumber: text().notNull(),
    type: accountType().notNull().default('checking'),
    currency: text().notNull().default('USD'),
    balanceCents: cents().notNull().default(sql`0`),
    /** How many transactions touch the account: a cache like the balance, for history totals. */
    transactionCount: integer().notNull().default(0),
    /**
     * What left the account on `outflowDay` (UTC) by transfer and by withdrawal, pending or
     * done: the daily limits read these instead of summing the day's rows (decision 012).
     */
    outflowDay: day(),
    transferredOnDayCents: cents().notNull().default(sql`0`),
    withdrawnOnDayCents: cents().notNull().default(sql`0`),
    /**
     * A freeze set by staff: what it stops, why, and until when (null: until lifted).
     * Read with the balance by the ledger, so judging it costs no extra round trip.
     */
    freezeMode: accountFreezeMode(),
    freezeReason: text(),
    frozenUntil: instant(),
    frozenAt: instant(),
    frozenById: nullableUserId(),
    /** Frozen because fraud is suspected: lifting it needs a second staff member (four eyes). */
    frozenForFraud: boolean().notNull().default(false),
    /**
     * Bumped by every freeze, lift, hold and release: the ledger's write compares it like the
     * balance, so a batch judged before a restriction changed is judged again.
     */
    restrictionVersion: integer().notNull().default(0),
    createdAt: timestampNow(),
  },
  (table) => [
    uniqueIndex('accounts_number_key').on(table.accountNumber),
    uniqueIndex('accounts_system_code_key').on(table.systemCode),
    index('accounts_user_idx').on(table.userId),
    check(
      'accounts_customer_balance_non_negative',
      sql`${table.kind} = 'system' or ${table.balanceCents} >= 0`,
    ),
    check('accounts_number_digits', sql`${table.accountNumber} ~ '^[0-9]{10,12}$'`),
  ],
);

export const transactionType = pgEnum('transaction_type', transactionTypes);
export const transactionStatus = pgEnum('transaction_status', transactionStatuses);

export interface TimelineEntry {
  id: string;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  description: string;
  timestamp: string;
  /** How the receiving side reads this stage, when not as the paying side does. */
  forRecipient?: string;
}

/** What a customer sees: one movement of money with its type, status and timeline. */
export const transactions = pgTable(
  'transactions',
  {
    id: primaryId(),
    type: transactionType().notNull(),
    status: transactionStatus().notNull(),
    amountCents: cents().notNull(),
    currency: text().notNull().default('USD'),
    description: text().notNull(),
    category: text().notNull(),
    paymentMethod: text().notNull(),
    notes: text(),
    /**
     * The account money leaves and the one it reaches (system accounts for the outside world).
     * No foreign key: the ledger's one write checks both exist in its own statement, set-wise
     * (docs/decisions/047-ledger-references-checked-by-the-write.md).
     */
    fromAccountId: uuid().notNull(),
    toAccountId: uuid().notNull(),
    /** No foreign keys: the ledger's write checks these users exist (decision 047). */
    senderUserId: uuid(),
    recipientUserId: uuid(),
    recipientName: text(),
    recipientAccountNumber: text(),
    /** Outside party, masked: bank name, last four digits, method details. */
    counterparty: jsonb().$type<Record<string, string>>(),
    timeline: jsonb().$type<TimelineEntry[]>().notNull().default([]),
    /**
     * The sender's saved payee it was sent to: its daily limits sum these rows. No foreign key,
     * so the money's schema does not depend on the payees' (payees are never deleted).
     */
    payeeId: uuid(),
    /** A reversal names the movement it undoes (never edited: corrected by a new movement). */
    reversesId: uuid().references((): AnyPgColumn => transactions.id),
    /** How much of this movement its reversals have undone so far: never more than its amount. */
    reversedCents: cents().notNull().default(sql`0`),
    ...timestamps(),
    /**
     * What history search matches, as the paying side and as the receiving side see the row
     * (description and counterparty, lower case without accents): written by the ledger at
     * posting, so a search never computes it per row (docs/decisions/033-history-search.md).
     */
    searchOut: text().notNull().default(''),
    searchIn: text().notNull().default(''),
  },
  (table) => [
    check('transactions_amount_positive', sql`${table.amountCents} > 0`),
    // The last guard against racing reversals: the total undone never passes the original.
    check(
      'transactions_reversed_within_amount',
      sql`${table.reversedCents} >= 0 and ${table.reversedCents} <= ${table.amountCents}`,
    ),
    index('transactions_reverses_idx')
      .on(table.reversesId)
      .where(sql`${table.reversesId} is not null`),
    // Money always moves between two accounts (the history counts each side once).
    check('transactions_distinct_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
    // Both account indexes also INCLUDE their side's search column (hand-written in the
    // i23_story migration: drizzle cannot say INCLUDE); keep it when changing them.
    index('transactions_from_account_idx').on(
      table.fromAccountId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('transactions_to_account_idx').on(
      table.toAccountId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('transactions_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('transactions_payee_idx')
      .on(table.payeeId, table.createdAt)
      .where(sql`${table.payeeId} is not null`),
    index('transactions_pending_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** Double entry: each transaction's entries sum to zero; an account's balance is its sum. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    // No foreign keys: the ledger's one write refuses an entry whose movement it does not write
    // or hold, or whose account it has not locked (decision 047), stricter than a key and cheaper.
    transactionId: uuid().notNull(),
    accountId: uuid().notNull(),
    amountCents: cents().notNull(),
    createdAt: timestampNow(),
  },
  (table) => [
    check('ledger_entries_amount_non_zero', sql`${table.amountCents} <> 0`),
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);

/**
 * Idempotency keys of money-moving calls (Stripe / IETF draft): the first definite answer is
 * kept and replayed for the same request, at least 24 hours. A row is written only with its
 * answer, by the statement that moves the money (docs/decisions/010): there is no claim that a
 * dead process could leave behind.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerId(),
    key: text().notNull(),
    operation: text().notNull(),
    requestHash: text().notNull(),
    response: jsonb()
      .$type<{ ok: true; data: unknown } | { ok: false; code: string; message: string }>()
      .notNull(),
    createdAt: timestampNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

export const cardType = pgEnum('card_type', ['debit', 'credit']);

/** Saved cards: the number sealed with AES-GCM, the CVV only as a keyed hash. */
export const cards = pgTable(
  'cards',
  {
    id: primaryId(),
    userId: ownerId(),
    type: cardType().notNull(),
    name: text().notNull(),
    numberSealed: text().notNull(),
    last4: text().notNull(),
    expiryMonth: integer().notNull(),
    expiryYear: integer().notNull(),
    cvvHash: text().notNull(),
    ...timestamps(),
  },
  (table) => [index('cards_user_idx').on(table.userId, table.createdAt)],
);

/** Banks a customer linked for deposits and withdrawals; the account number sealed at rest. */
export const linkedBanks = pgTable(
  'linked_banks',
  {
    id: primaryId(),
    userId: ownerId(),
    name: text().notNull(),
    ...sealedAccountNumber(),
    routingNumber: text().notNull(),
    accountType: accountType().notNull(),
    accountName: text(),
    ...timestamps(),
  },
  (table) => [index('linked_banks_user_idx').on(table.userId, table.createdAt)],
);

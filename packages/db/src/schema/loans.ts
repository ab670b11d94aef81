import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { collateralTypes, employmentStatuses, loanStatuses, loanTypes } from '../enums.ts';
import { primaryId, timestampNow } from './columns.ts';
import { transactions } from './money.ts';
import { users } from './users.ts';

export const loanType = pgEnum('loan_type', loanTypes);
export const loanStatus = pgEnum('loan_status', loanStatuses);
export const employmentStatus = pgEnum('employment_status', employmentStatuses);
export const collateralType = pgEnum('collateral_type', collateralTypes);

/**
 * A loan from application to its last repayment. The offer (rate, payment, interest) is fixed
 * when the customer applies and again, with the real dates, when it is approved and disbursed.
 */
export const loans = pgTable(
  'loans',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: loanType().notNull(),
    status: loanStatus().notNull().default('pending'),
    amountCents: bigint({ mode: 'bigint' }).notNull(),
    termMonths: integer().notNull(),
    /** Yearly rate in basis points (1250 = 12.5 %). */
    rateBps: integer().notNull(),
    monthlyPaymentCents: bigint({ mode: 'bigint' }).notNull(),
    totalInterestCents: bigint({ mode: 'bigint' }).notNull(),
    purpose: text().notNull(),
    employmentStatus: employmentStatus().notNull(),
    monthlyIncomeCents: bigint({ mode: 'bigint' }).notNull(),
    existingLoans: boolean().notNull().default(false),
    collateralType: collateralType().notNull(),
    collateralValueCents: bigint({ mode: 'bigint' }).notNull(),
    collateralDescription: text().notNull(),
    /**
     * 1 as first submitted, +1 on every edit: a decision names the version the officer saw and
     * is refused if the application changed since (docs/decisions/028).
     */
    version: integer().notNull().default(1),
    /** What the credit officer told the customer when rejecting. */
    rejectionReason: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    disbursementTransactionId: uuid().references(() => transactions.id),
    /** The disbursement day: instalments fall due monthly from it. */
    startDate: date({ mode: 'string' }),
    /** Principal still owed; 0 once completed. */
    outstandingCents: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** The due date of the oldest unpaid instalment once it has passed. */
    overdueSince: date({ mode: 'string' }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (table) => [
    check('loans_amount_positive', sql`${table.amountCents} > 0`),
    check('loans_term_positive', sql`${table.termMonths} > 0`),
    check('loans_outstanding_non_negative', sql`${table.outstandingCents} >= 0`),
    index('loans_user_idx').on(table.userId, table.createdAt.desc()),
    index('loans_status_idx').on(table.status, table.createdAt.desc()),
  ],
);

/** A loan's fixed repayment schedule, written when it is approved; rows are paid in order. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    loanId: uuid()
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    paymentNumber: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    amountCents: bigint({ mode: 'bigint' }).notNull(),
    principalCents: bigint({ mode: 'bigint' }).notNull(),
    interestCents: bigint({ mode: 'bigint' }).notNull(),
    /** Principal still owed after this instalment. */
    balanceCents: bigint({ mode: 'bigint' }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** The repayment that paid it (an early payoff pays every remaining row). */
    transactionId: uuid().references(() => transactions.id),
  },
  (table) => [
    primaryKey({ columns: [table.loanId, table.paymentNumber] }),
    index('loan_payments_unpaid_idx').on(table.dueDate).where(sql`${table.paidAt} is null`),
  ],
);

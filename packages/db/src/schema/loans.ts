import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { collateralTypes, employmentStatuses, loanStatuses, loanTypes } from '../enums.ts';
import { cents, day, instant, primaryId, requiredRef, timestamps } from './columns.ts';
import { transactions } from './money.ts';
import { nullableUserId, users } from './users.ts';

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
    userId: requiredRef(() => users.id, { onDelete: 'restrict' }),
    type: loanType().notNull(),
    status: loanStatus().notNull().default('pending'),
    amountCents: cents().notNull(),
    termMonths: integer().notNull(),
    /** Yearly rate in basis points (1250 = 12.5 %). */
    rateBps: integer().notNull(),
    monthlyPaymentCents: cents().notNull(),
    totalInterestCents: cents().notNull(),
    purpose: text().notNull(),
    employmentStatus: employmentStatus().notNull(),
    monthlyIncomeCents: cents().notNull(),
    existingLoans: boolean().notNull().default(false),
    collateralType: collateralType().notNull(),
    collateralValueCents: cents().notNull(),
    collateralDescription: text().notNull(),
    /**
     * 1 as first submitted, +1 on every edit: a decision names the version the officer saw and
     * is refused if the application changed since (docs/decisions/028).
     */
    version: integer().notNull().default(1),
    /** What the credit officer told the customer when rejecting. */
    rejectionReason: text(),
    decidedBy: nullableUserId(),
    decidedAt: instant(),
    disbursementTransactionId: uuid().references(() => transactions.id),
    /** The disbursement day: instalments fall due monthly from it. */
    startDate: day(),
    /** Principal still owed; 0 once completed. */
    outstandingCents: cents().notNull().default(sql`0`),
    /** The due date of the oldest unpaid instalment once it has passed. */
    overdueSince: day(),
    completedAt: instant(),
    ...timestamps(),
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
    loanId: requiredRef(() => loans.id, { onDelete: 'cascade' }),
    paymentNumber: integer().notNull(),
    dueDate: day().notNull(),
    amountCents: cents().notNull(),
    principalCents: cents().notNull(),
    interestCents: cents().notNull(),
    /** Principal still owed after this instalment. */
    balanceCents: cents().notNull(),
    paidAt: instant(),
    /** The repayment that paid it (an early payoff pays every remaining row). */
    transactionId: uuid().references(() => transactions.id),
  },
  (table) => [
    primaryKey({ columns: [table.loanId, table.paymentNumber] }),
    index('loan_payments_unpaid_idx').on(table.dueDate).where(sql`${table.paidAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, timestampNow } from './columns.ts';

/** The bank's settings: one row (id = 1). Rates are in basis points (1250 = 12.5 %). */
export const bankSettings = pgTable(
  'bank_settings',
  {
    id: integer().primaryKey().default(1),
    bankName: text().notNull(),
    /** The bank's ABA routing number, shown with every account for direct deposits. */
    routingNumber: text().notNull().default('121098768'),
    supportEmail: text().notNull(),
    supportPhone: text().notNull(),
    transferLimitCents: cents().notNull(),
    withdrawalLimitCents: cents().notNull(),
    maintenanceMode: boolean().notNull().default(false),
    savingsRateBps: integer().notNull(),
    personalLoanRateBps: integer().notNull(),
    businessLoanRateBps: integer().notNull(),
    mortgageRateBps: integer().notNull(),
    /** Support quotas per customer: attachment megabytes (10^6 bytes) a day and in all. */
    attachmentMbPerDay: integer().notNull().default(50),
    attachmentMbTotal: integer().notNull().default(500),
    ticketsPerMinute: integer().notNull().default(5),
    ticketsPerDay: integer().notNull().default(20),
    chatMessagesPerMinute: integer().notNull().default(30),
    /** What a payee may receive in its first 24 hours (a new payee is where fraud starts). */
    newPayeeLimitCents: cents().notNull().default(sql`100000`),
    /**
     * Four eyes (docs/product.md): what a second staff member must approve. Reversals and loan
     * approvals above these amounts; raising a customer's limit and granting the admin role.
     */
    reversalApprovalAboveCents: cents().notNull().default(sql`100000`),
    loanApprovalAboveCents: cents().notNull().default(sql`2500000`),
    limitRaiseNeedsApproval: boolean().notNull().default(true),
    adminGrantNeedsApproval: boolean().notNull().default(true),
    freezeLiftNeedsApproval: boolean().notNull().default(true),
    /** Printed on statements and receipts. */
    bankAddress: text().notNull().default(''),
    /** IANA zone in which the bank's days and months begin (statements, receipts). */
    timeZone: text().notNull().default('America/New_York'),
    updatedAt: timestampNow(),
  },
  (table) => [check('bank_settings_single_row', sql`${table.id} = 1`)],
);

import { collateralTypes, employmentStatuses, loanStatuses, loanTypes } from '@bank/db/enums';
import type { loanPayments, loans } from '@bank/db/schema';
import { z } from 'zod';
import { toDollars } from '../money/cents.ts';
import { instant, money } from '../rest/schemas.ts';
import type { Instalment } from './schedule.ts';

export type LoanRow = typeof loans.$inferSelect;
export type LoanPaymentRow = typeof loanPayments.$inferSelect;
export interface Borrower {
  firstName: string;
  lastName: string;
  email: string;
}

export const instalmentSchema = z
  .object({
    paymentNumber: z.number(),
    dueDate: z.string(),
    amount: money,
    principal: money,
    interest: money,
    balance: money,
    paid: z.boolean(),
    paidAt: instant.nullable(),
  })
  .meta({ id: 'Instalment' });

export const loanDtoSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    type: z.enum(loanTypes),
    status: z.enum(loanStatuses),
    amount: money,
    applicationDate: z.string(),
    purpose: z.string(),
    term: z.number(),
    tenure: z.object({ months: z.number(), startDate: z.string().nullable() }),
    /** Percent a year. */
    interestRate: z.number(),
    monthlyPayment: money,
    totalInterest: money,
    totalPayable: money,
    /** Principal still owed (the whole amount before disbursement). */
    outstanding: money,
    user: z.object({
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
    }),
    employmentStatus: z.enum(employmentStatuses),
    monthlyIncome: money,
    existingLoans: z.boolean(),
    collateral: z.object({
      type: z.enum(collateralTypes),
      value: z.number(),
      description: z.string(),
    }),
    /** 1 as submitted, +1 on every edit: a decision names the version it was made on. */
    version: z.number(),
    rejectionReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** An instalment is past its due date and unpaid. */
    overdue: z.boolean(),
    overdueSince: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Loan' });
export type LoanDto = z.infer<typeof loanDtoSchema>;

export const loanDetailSchema = loanDtoSchema.extend({
  paymentSchedule: z.array(instalmentSchema),
  nextPayment: instalmentSchema.nullable(),
  /** Paying the loan off today: the principal owed and interest to date. */
  payoffAmount: money.nullable(),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

export function toLoanDto(row: LoanRow, borrower: Borrower): LoanDto {
  const disbursed = row.startDate !== null;
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    status: row.status,
    amount: toDollars(row.amountCents),
    applicationDate: row.createdAt.toISOString(),
    purpose: row.purpose,
    term: row.termMonths,
    tenure: { months: row.termMonths, startDate: row.startDate },
    interestRate: row.rateBps / 100,
    monthlyPayment: toDollars(row.monthlyPaymentCents),
    totalInterest: toDollars(row.totalInterestCents),
    totalPayable: toDollars(row.amountCents + row.totalInterestCents),
    outstanding: toDollars(disbursed ? row.outstandingCents : row.amountCents),
    user: {
      name: `${borrower.firstName} ${borrower.lastName}`,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
      email: borrower.email,
    },
    employmentStatus: row.employmentStatus,
    monthlyIncome: toDollars(row.monthlyIncomeCents),
    existingLoans: row.existingLoans,
    collateral: {
      type: row.collateralType,
      value: toDollars(row.collateralValueCents),
      description: row.collateralDescription,
    },
    version: row.version,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    overdue: row.overdueSince !== null,
    overdueSince: row.overdueSince,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One line of a schedule in dollars: an offer's before it is taken, a loan's after. */
export function toScheduleLine(row: Instalment) {
  return {
    paymentNumber: row.paymentNumber,
    dueDate: row.dueDate,
    amount: toDollars(row.amountCents),
    principal: toDollars(row.principalCents),
    interest: toDollars(row.interestCents),
    balance: toDollars(row.balanceCents),
  };
}

export function toInstalmentDto(row: LoanPaymentRow): z.infer<typeof instalmentSchema> {
  return {
    ...toScheduleLine(row),
    paid: row.paidAt !== null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

import { collateralTypes, employmentStatuses, loanStatuses, loanTypes } from '@bank/db/enums';
import { z } from 'zod';
import { calendarDayField, requiredString, textField } from './common.ts';
import { hasAtMostTwoDecimals, idempotencyKeyField } from './money.ts';

const calendarDay = calendarDayField('Not a real date');

const isBlank = (input: unknown) =>
  input === undefined ||
  input === null ||
  input === '' ||
  (typeof input === 'number' && Number.isNaN(input));

/** A positive number with docs/product.md's "required" and "positive" messages, at most two decimals. */
function positiveMoney(required: string, positive: string, max = 100_000_000) {
  return (
    z
      .number({
        error: (issue) =>
          isBlank(issue.input) ? required : `${required.split(' is ')[0]} must be a number`,
      })
      .positive(positive)
      // One message per value: a negative one is told it must be positive, not both.
      .refine((value) => value <= 0 || value >= 0.01, {
        message: `${required.split(' is ')[0]} must be at least 0.01`,
      })
      .max(max, `${required.split(' is ')[0]} is too large`)
      .refine(hasAtMostTwoDecimals, {
        message: `${required.split(' is ')[0]} can have at most two decimal places`,
      })
  );
}

export const loanTypeField = z.enum(loanTypes, { error: 'Loan type is required' });

export const loanAmountField = positiveMoney('Amount is required', 'Amount must be positive');

export const loanTermField = z
  .number({
    error: (issue) => (isBlank(issue.input) ? 'Term is required' : 'Term must be a number'),
  })
  .int('Term must be a whole number of months')
  .positive('Term must be positive')
  .max(600, 'Term is too long');

/** docs/product.md 5, loan application; `tenure {months}` may come along and is derived from term. */
export const loanApplicationInput = z.object({
  type: loanTypeField,
  amount: loanAmountField,
  term: loanTermField,
  purpose: requiredString('Purpose is required', 500),
  employmentStatus: z.enum(employmentStatuses, { error: 'Employment status is required' }),
  monthlyIncome: positiveMoney('Monthly income is required', 'Monthly income must be positive'),
  existingLoans: z.boolean().default(false),
  collateral: z.object(
    {
      type: z.enum(collateralTypes, { error: 'Collateral type is required' }),
      value: positiveMoney('Collateral value is required', 'Collateral value must be positive'),
      description: requiredString('Collateral description is required', 500),
    },
    { error: 'Collateral type is required' },
  ),
  tenure: z.object({ months: z.number().optional() }).optional(),
});
export type LoanApplicationInput = z.input<typeof loanApplicationInput>;

/** The owner edits a pending application: the same fields and rules. */
export const loanUpdateInput = loanApplicationInput.extend({ id: z.uuid('Loan not found') });

/** The calculator: an offer for an amount, type and term, before applying. */
export const loanCalculateInput = z.object({
  type: loanTypeField,
  amount: loanAmountField,
  term: loanTermField,
});

/** A credit officer's decision; a rejection tells the customer why. */
export const loanDecisionInput = z
  .object({
    id: z.uuid('Loan not found'),
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    reason: textField(500, 'Reason is too long').optional(),
    /**
     * The application's version the officer reviewed; without it the decision is taken only
     * while the application is as first submitted (version 1). docs/decisions/028.
     */
    version: z
      .number({ error: 'Version must be a whole number' })
      .int('Version must be a whole number')
      .positive('Version must be a whole number')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Rejection reason is required' });
    }
  });

/** A repayment: the next instalment, or the whole loan with interest to date. */
export const loanRepaymentInput = z.object({
  id: z.uuid('Loan not found'),
  mode: z.enum(['instalment', 'payoff'], { error: 'Choose what to pay' }).default('instalment'),
  idempotencyKey: idempotencyKeyField,
});

export const loanListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Loan management (staff): filters over every customer's loans. */
export const loanAdminQuery = loanListQuery.extend({
  status: z.enum(loanStatuses).optional(),
  type: z.enum(loanTypes).optional(),
  startDate: calendarDay.optional(),
  endDate: calendarDay.optional(),
  minAmount: z.coerce.number().positive().max(100_000_000).optional(),
  maxAmount: z.coerce.number().positive().max(100_000_000).optional(),
  search: textField(100).optional(),
});
export type LoanAdminQuery = z.input<typeof loanAdminQuery>;

// The database's enums are the one list of each (the forms' options too).
export { collateralTypes, employmentStatuses, loanStatuses, loanTypes };

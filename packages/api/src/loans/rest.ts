import {
  loanAdminQuery,
  loanApplicationInput,
  loanCalculateInput,
  loanDecisionInput,
  loanListQuery,
  loanRepaymentInput,
  loanUpdateInput,
} from '@bank/validators/loans';
import { byIdInput } from '@bank/validators/money';
import { z } from 'zod';
import { approvalSchema } from '../approvals/approval-schema.ts';
import { defineRoute, noInput } from '../rest/define.ts';
import { paged } from '../rest/schemas.ts';
import { loanDetailSchema, loanDtoSchema } from './dto.ts';
import { repaymentResultSchema } from './repayments.ts';

const tag = 'Loans';
const money = z.number();
const scheduleRow = z.object({
  paymentNumber: z.number(),
  dueDate: z.string(),
  amount: money,
  principal: money,
  interest: money,
  balance: money,
});
const loanAnswer = z.object({ message: z.string(), loan: loanDtoSchema });

/**
 * PUT /loans/{id} is two calls in docs/product.md 7: the owner's edit of a pending application, and
 * an administrator's decision when the body has `status`.
 */
const loanPutInput = loanUpdateInput.partial().extend({
  id: z.uuid('Loan not found'),
  // A partial edit may change one part of the collateral too.
  collateral: loanApplicationInput.shape.collateral.partial().optional(),
  status: loanDecisionInput.shape.status.optional(),
  reason: loanDecisionInput.shape.reason,
  version: loanDecisionInput.shape.version,
});

export const loanRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/loans',
    summary: 'The customer’s loans and applications, newest first.',
    tag,
    access: 'customer',
    input: loanListQuery,
    output: paged(loanDtoSchema),
    handle: ({ caller, input }) => caller.loans.list(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/loans/all',
    summary: 'Loan management: every customer’s loans, filtered (administrators).',
    tag,
    access: 'admin',
    input: loanAdminQuery,
    output: z.object({
      loans: z.array(loanDtoSchema),
      page: z.number(),
      count: z.number(),
      total: z.number(),
      hasMore: z.boolean(),
    }),
    handle: ({ caller, input }) => caller.loans.all(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/loans/stats',
    summary: 'The customer’s loan figures and applications by month.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({
      totalLoans: z.number(),
      activeLoans: z.number(),
      totalAmount: money,
      averageInterestRate: z.number(),
      monthlyStats: z.array(z.object({ month: z.string(), count: z.number(), amount: money })),
    }),
    handle: ({ caller }) => caller.loans.stats(),
  }),
  defineRoute({
    method: 'GET',
    path: '/loans/types',
    summary: 'The loan products (amount and term ranges, rate) and the rates by type.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({
      loanTypes: z.array(
        z.object({
          type: z.string(),
          name: z.string(),
          minAmount: money,
          maxAmount: money,
          minTerm: z.number(),
          maxTerm: z.number(),
          interestRate: z.number(),
        }),
      ),
      interestRates: z.record(z.string(), z.number()),
    }),
    handle: ({ caller }) => caller.loans.types(),
  }),
  defineRoute({
    method: 'POST',
    path: '/loans/calculate',
    summary: 'An offer before applying: monthly payment, total interest and the whole schedule.',
    tag,
    access: 'customer',
    input: loanCalculateInput,
    output: z.object({
      type: z.string(),
      amount: money,
      term: z.number(),
      interestRate: z.number(),
      monthlyPayment: money,
      totalInterest: money,
      totalPayable: money,
      schedule: z.array(scheduleRow),
    }),
    handle: ({ caller, input }) => caller.loans.calculate(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/loans/:id',
    summary: 'One loan with its repayment schedule (the owner, or an administrator).',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ loan: loanDetailSchema }),
    handle: async ({ caller, input }) => ({ loan: await caller.loans.byId(input) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/loans',
    summary: 'Apply for a loan; amount and term must fit the product’s ranges.',
    tag,
    access: 'customer',
    input: loanApplicationInput,
    output: loanAnswer,
    successStatus: 201,
    handle: ({ caller, input }) => caller.loans.create(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/loans/:id',
    summary:
      'The owner edits a pending application; with `status` (approved or rejected, with a reason) an administrator decides it, and approval disburses.',
    description:
      'A decision names the application `version` the officer reviewed (each edit adds one); without it only an application as first submitted (version 1) is decided. A changed application answers 409 `APPLICATION_CHANGED`; nobody decides on their own application (403). Approving more than the bank’s four-eyes amount (default $25,000) answers 202 with an `approval` a second administrator decides on.',
    tag,
    access: 'customer',
    errors: [409],
    permissionFor: (raw) =>
      typeof raw === 'object' && raw !== null && 'status' in raw ? 'update:loan:any' : undefined,
    input: loanPutInput,
    output: loanAnswer,
    accepted: z.object({ message: z.string(), approval: approvalSchema }),
    handle: async ({ caller, input }) => {
      const { status, reason, version, id, collateral, ...changes } = input;
      if (status) return caller.loans.decide({ id, status, reason, version });
      // A partial edit: the fields sent, over the application as it stands; the whole is then
      // checked with the application's own schema and messages.
      const loan = await caller.loans.byId({ id });
      const current = {
        type: loan.type,
        amount: loan.amount,
        term: loan.term,
        purpose: loan.purpose,
        employmentStatus: loan.employmentStatus,
        monthlyIncome: loan.monthlyIncome,
        existingLoans: loan.existingLoans,
      };
      const sent = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      return caller.loans.update(
        loanUpdateInput.parse({
          ...current,
          ...sent,
          collateral: { ...loan.collateral, ...collateral },
          id,
        }),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/loans/:id/cancel',
    summary: 'The owner withdraws a pending application.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: loanAnswer,
    handle: ({ caller, input }) => caller.loans.cancel(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/loans/:id/repay',
    summary:
      'Pay the next instalment (`mode: instalment`) or the whole loan with interest to date (`mode: payoff`) from the balance. Accepts Idempotency-Key.',
    tag,
    access: 'customer',
    input: loanRepaymentInput,
    output: repaymentResultSchema,
    handle: ({ caller, input }) => caller.loans.repay(input),
  }),
];

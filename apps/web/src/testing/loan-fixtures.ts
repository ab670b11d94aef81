import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture } from './fixture.ts';

type LoanDetail = RouterOutputs['loans']['byId'];
type LoanItem = RouterOutputs['loans']['list']['data'][number];

export const makeLoan = fixture<LoanItem>(() => ({
  id: '0193a7c2-0000-7000-8000-000000000001',
  _id: '0193a7c2-0000-7000-8000-000000000001',
  type: 'personal',
  status: 'pending',
  amount: 10_000,
  applicationDate: '2026-11-02T10:00:00.000Z',
  purpose: 'Kitchen renovation',
  term: 12,
  tenure: { months: 12, startDate: null },
  interestRate: 12.5,
  monthlyPayment: 890.83,
  totalInterest: 689.93,
  totalPayable: 10_689.93,
  outstanding: 10_000,
  user: { name: 'Alice Doe', firstName: 'Alice', lastName: 'Doe', email: 'alice@example.com' },
  employmentStatus: 'employed',
  monthlyIncome: 5_000,
  existingLoans: false,
  collateral: { type: 'vehicle', value: 15_000, description: '2021 hatchback' },
  version: 1,
  rejectionReason: null,
  decidedAt: null,
  overdue: false,
  overdueSince: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}));

/** An approved loan with a three-row schedule, the first instalment paid. */
export function makeLoanDetail(overrides: Partial<LoanDetail> = {}): LoanDetail {
  const schedule = [
    {
      paymentNumber: 1,
      dueDate: '2026-12-02',
      amount: 3_366.67,
      principal: 3_262.5,
      interest: 104.17,
      balance: 6_737.5,
      paid: true,
      paidAt: '2026-11-20T10:00:00.000Z',
    },
    {
      paymentNumber: 2,
      dueDate: '2027-01-02',
      amount: 3_366.67,
      principal: 3_296.49,
      interest: 70.18,
      balance: 3_441.01,
      paid: false,
      paidAt: null,
    },
    {
      paymentNumber: 3,
      dueDate: '2027-02-02',
      amount: 3_476.85,
      principal: 3_441.01,
      interest: 35.84,
      balance: 0,
      paid: false,
      paidAt: null,
    },
  ];
  return {
    ...makeLoan({
      status: 'approved',
      term: 3,
      tenure: { months: 3, startDate: '2026-11-02' },
      outstanding: 6_737.5,
      decidedAt: '2026-11-02T11:00:00.000Z',
    }),
    paymentSchedule: schedule,
    nextPayment: schedule[1] ?? null,
    payoffAmount: 6_760.12,
    ...overrides,
  };
}

export const loanTypesAnswer: RouterOutputs['loans']['types'] = {
  loanTypes: [
    {
      type: 'personal',
      name: 'Personal Loan',
      minAmount: 1_000,
      maxAmount: 50_000,
      minTerm: 12,
      maxTerm: 60,
      interestRate: 12.5,
    },
    {
      type: 'business',
      name: 'Business Loan',
      minAmount: 10_000,
      maxAmount: 500_000,
      minTerm: 12,
      maxTerm: 84,
      interestRate: 10,
    },
    {
      type: 'mortgage',
      name: 'Mortgage',
      minAmount: 50_000,
      maxAmount: 1_000_000,
      minTerm: 120,
      maxTerm: 360,
      interestRate: 6.5,
    },
    {
      type: 'education',
      name: 'Education Loan',
      minAmount: 1_000,
      maxAmount: 100_000,
      minTerm: 12,
      maxTerm: 120,
      interestRate: 5.5,
    },
    {
      type: 'vehicle',
      name: 'Vehicle Loan',
      minAmount: 5_000,
      maxAmount: 100_000,
      minTerm: 12,
      maxTerm: 84,
      interestRate: 7.9,
    },
  ],
  interestRates: { personal: 12.5, business: 10, mortgage: 6.5, education: 5.5, vehicle: 7.9 },
};

import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture, fixtureWithId } from './fixture.ts';
import type { renderApp } from './render-app.tsx';
import { mockProcedures } from './trpc-msw.ts';

export type TransactionFixture = RouterOutputs['transactions']['byId'];
export type CardFixture = RouterOutputs['cards']['list']['cards'][number];
export type BankFixture = RouterOutputs['banks']['list']['data'][number];

export const makeTransaction = fixtureWithId<TransactionFixture>((id) => ({
  id,
  _id: id,
  type: 'deposit',
  status: 'completed',
  amount: 100,
  currency: 'USD',
  direction: 'credit',
  description: 'Deposit funds',
  category: 'income',
  paymentMethod: 'card',
  notes: null,
  recipient: null,
  recipientName: null,
  recipientAccountNumber: null,
  sender: null,
  counterparty: {
    name: 'Card ending 4242',
    accountNumber: '4242',
    bank: null,
    routingNumber: null,
  },
  timeline: [
    {
      id: 't1',
      status: 'completed',
      description: 'Funds credited to your account',
      timestamp: '2026-03-07T10:00:00.000Z',
    },
  ],
  reverses: null,
  reversedAmount: 0,
  reversedBy: [],
  timestamp: '2026-03-07T10:00:00.000Z',
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
}));

export function transactionPage(
  data: TransactionFixture[],
  opts: { page?: number; limit?: number; total?: number } = {},
) {
  const limit = opts.limit ?? 10;
  const total = opts.total ?? data.length;
  return {
    data,
    page: opts.page ?? 1,
    limit,
    count: data.length,
    total,
    pages: Math.max(1, Math.ceil(total / limit)),
    nextCursor: null as string | null,
  };
}

type Balance = RouterOutputs['transactions']['balance'];
type Stats = RouterOutputs['transactions']['stats'];

export function makeStats(overrides: Partial<Stats> = {}): Stats {
  const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09'].concat([
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
  ]);
  return {
    balance: 1234.5,
    totalIncome: 5000,
    totalExpense: 3765.5,
    thisMonth: { month: '2026-03', income: 5000, expenses: 3765.5 },
    lastMonth: { month: '2026-02', income: 4200, expenses: 1000 },
    monthlyStats: months.map((month, index) => ({
      month,
      income: index === 11 ? 5000 : 0,
      expenses: index === 11 ? 3765.5 : 0,
    })),
    // Sums to this month's expenses, as the server's do.
    spendingByCategory: [
      { category: 'rent_housing', amount: 2500, lastMonth: 600 },
      { category: 'groceries', amount: 965.5, lastMonth: 300 },
      { category: 'transfers', amount: 300, lastMonth: 100 },
      { category: 'dining', amount: 0, lastMonth: 0.01 },
    ],
    ...overrides,
  };
}

export const makeBalance = fixture<Balance>(() => ({
  balance: 1234.5,
  currency: 'USD',
  accountNumber: '1234567890',
  accountType: 'checking',
  withdrawalLimit: 25000,
  withdrawnToday: 80,
  transferLimit: 50000,
  transferredToday: 0,
}));

export const makeCard = fixtureWithId<CardFixture>((id) => ({
  id,
  _id: id,
  type: 'debit',
  name: 'Ada Lovelace',
  number: '**** **** **** 4242',
  last4: '4242',
  expiry: '12/30',
  expiryMonth: 12,
  expiryYear: 2030,
  createdAt: '2026-01-02T03:04:05.000Z',
}));

export function cardPage(cards: CardFixture[]) {
  return { cards, pagination: { page: 1, limit: 10, total: cards.length, hasMore: false } };
}

export const makeBank = fixtureWithId<BankFixture>((id) => ({
  id,
  _id: id,
  name: 'First Federal',
  accountNumber: '9876543210',
  maskedAccountNumber: '****3210',
  routingNumber: '021000021',
  accountType: 'checking',
  accountName: null,
  createdAt: '2026-01-02T03:04:05.000Z',
}));

/** What a money-moving call answers. */
export function movementResult(message: string, transaction = makeTransaction()) {
  return { message, transaction, newBalance: 1500 };
}

/** A money form's success (docs/product.md 2.13 to 2.15): the history opens, saying `message`. */
export async function expectHistoryWithMessage(
  router: ReturnType<typeof renderApp>['router'],
  message: string,
) {
  expect(await screen.findByText(message)).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
}

export function bankPage(banks: BankFixture[]) {
  return { data: banks };
}

/** A money form's page: the balance, the saved cards and banks, and an empty history. */
export function mockMoneyForm(page: {
  balance: Balance;
  cards: CardFixture[];
  banks: BankFixture[];
}) {
  mockProcedures({
    'transactions.balance': () => page.balance,
    'cards.list': () => cardPage(page.cards),
    'banks.list': () => bankPage(page.banks),
    'transactions.list': () => transactionPage([]),
  });
}

/** Quiet answers for the money queries of pages a test visits only in passing. */
export function mockMoneyDefaults(): void {
  mockProcedures({
    'transactions.stats': () => makeStats(),
    'transactions.balance': () => makeBalance(),
    'transactions.list': () => transactionPage([]),
    'cards.list': () => cardPage([]),
    'banks.list': () => bankPage([]),
    'payees.list': () => ({ data: [] }),
    'transactions.recentRecipients': () => [],
  });
}

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo, expectTextsIn } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import {
  makeBalance,
  makeStats,
  makeTransaction,
  transactionPage,
} from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedures } from '../../testing/trpc-msw.ts';

describe('dashboard', () => {
  it('shows the balance, totals, recent transactions and the monthly chart', async () => {
    mockProcedures({
      'transactions.stats': () => makeStats(),
      'transactions.balance': () => makeBalance({ accountNumber: '555000111222' }),
      'transactions.list': () =>
        transactionPage(
          [
            makeTransaction({ description: 'Salary', amount: 5000, direction: 'credit' }),
            makeTransaction({
              type: 'transfer',
              description: 'Rent',
              amount: 1200,
              direction: 'debit',
              status: 'pending',
            }),
          ],
          { limit: 5 },
        ),
    });
    const { user } = renderApp('/', { session: signedInAs(makeUser({ firstName: 'Ada' })) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(summary).getByText('Available Balance')).toBeInTheDocument();
    // This month's figures, labelled, with last month's beside them.
    expectTextsIn(summary, [
      'Income this month',
      '$5,000.00',
      'Last month $4,200.00',
      'Expenses this month',
      '$3,765.50',
      'Last month $1,000.00',
    ]);
    expect(within(summary).queryByText('Total Income')).not.toBeInTheDocument();

    const recent = await screen.findByRole('list', { name: 'Recent transactions' });
    expectTextsIn(recent, ['Salary', '+$5,000.00', '\u2212$1,200.00', 'Pending']);
    expect(within(recent).getAllByText(/Mar 7, 2026/)).toHaveLength(2);
    expectLinkTo('View all', '/transactions');
    expect(callsTo('transactions.list')).toEqual([{ page: 1, limit: 5 }]);

    for (const name of ['Transfer Money', 'Deposit Funds', 'Withdraw', 'Transaction History']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }

    // The chart speaks its numbers through a table.
    expect(screen.getByRole('img', { name: /Income and expenses by month/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Income and expenses by month' });
    const march = within(table).getByRole('row', { name: /Mar 2026/ });
    expect(march).toHaveTextContent('$5,000.00');
    expect(march).toHaveTextContent('$3,765.50');

    // This month's spending by category, largest first, each beside last month's.
    const spending = screen.getByRole('region', { name: 'Spending by category' });
    expectTextsIn(spending, ['Mar 2026, so far', '$3,765.50']);
    const rows = within(spending).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Rent & housing$2,500.0066% of this monthLast month $600.00',
      'Groceries$965.5026% of this monthLast month $300.00',
      'Transfers$300.008% of this monthLast month $100.00',
      'Dining$0.000% of this monthLast month $0.01',
    ]);

    expect(await screen.findByText('555000111222')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByText('Account number copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('555000111222');
  });

  it('says so when there are no transactions yet', async () => {
    mockProcedures({
      'transactions.stats': () =>
        makeStats({
          balance: 0,
          totalIncome: 0,
          totalExpense: 0,
          thisMonth: { month: '2026-03', income: 0, expenses: 0 },
          spendingByCategory: [],
        }),
      'transactions.balance': () => makeBalance(),
      'transactions.list': () => transactionPage([]),
    });
    renderApp('/', { session: signedInAs() });
    expect(await screen.findByText('No recent transactions')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Account summary' });
    expect(within(summary).getAllByText('$0.00')).toHaveLength(3);
    const spending = screen.getByRole('region', { name: 'Spending by category' });
    expect(within(spending).getByText('No spending this month or last.')).toBeInTheDocument();
  });
});

import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recentTransactions } from '../lib/page-data.ts';
import { transactionListInput } from '../lib/transaction-search.ts';
import { signedInAs } from '../testing/fixtures.ts';
import { makeTransaction, mockMoneyDefaults, transactionPage } from '../testing/money-fixtures.ts';
import { callsTo, failing, mockProcedure } from '../testing/trpc-msw.ts';
import { createApp } from './create-app.tsx';

/** The app at `path` for a signed-in customer, not yet rendered. */
function appAt(path: string) {
  mockProcedure('auth.me', () => signedInAs());
  return createApp({ history: createMemoryHistory({ initialEntries: [path] }), realtime: false });
}

describe('data with the code (route loaders)', () => {
  it('fetches a page’s data while its code loads, with the input the page asks for', async () => {
    mockProcedure('transactions.list', () =>
      transactionPage([makeTransaction({ description: 'Rent for November' })], { page: 2 }),
    );
    const app = appAt('/transactions?status=pending&page=2');
    await app.router.load();
    // In the cache before anything rendered, under the page's own query key...
    const input = transactionListInput({ status: 'pending', page: 2 });
    expect(input).toEqual({ status: 'pending', page: 2, limit: 10 });
    expect(app.utils.transactions.list.getData(input)?.data).toHaveLength(1);
    // ...so the page renders with it and does not ask again.
    render(<app.App />);
    expect(await screen.findByText('Rent for November')).toBeInTheDocument();
    expect(callsTo('transactions.list')).toEqual([input]);
  });

  it('starts every query of the dashboard before it renders', async () => {
    mockMoneyDefaults();
    const app = appAt('/');
    await app.router.load();
    expect(callsTo('transactions.list')).toEqual([recentTransactions]);
    expect(callsTo('transactions.balance')).toHaveLength(1);
    expect(callsTo('transactions.stats')).toHaveLength(1);
  });

  it('leaves a failed query to the page, which shows its error', async () => {
    mockProcedure('transactions.list', failing('BAD_REQUEST', ''));
    const app = appAt('/transactions');
    await app.router.load();
    // The page itself, not the router's error page, is what loaded.
    expect(app.router.state.matches.at(-1)?.status).toBe('success');
    render(<app.App />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
  });
});

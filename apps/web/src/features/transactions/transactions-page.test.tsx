import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeTransaction, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

/** 25 transactions, served ten to a page as the server would. */
function serveHistory() {
  const all = Array.from({ length: 25 }, (_, index) =>
    makeTransaction({ description: `Payment ${index + 1}` }),
  );
  mockProcedure('transactions.list', (input) => {
    const query = input;
    const page = Number(query.page ?? 1);
    const rows = query.status === 'pending' ? all.slice(0, 3) : all;
    return transactionPage(rows.slice((page - 1) * 10, page * 10), {
      page,
      total: rows.length,
    });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('transactions list', () => {
  it('pages through the history with Previous and Next', async () => {
    serveHistory();
    const { user, router } = renderApp('/transactions', { session: signedInAs() });
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/transactions\/[0-9a-f-]{36}$/),
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expectLinkTo(/New Transfer/, '/transfer');
  });

  it('reloads page one when a filter changes, and keeps the filters in the URL', async () => {
    serveHistory();
    const { user, router } = renderApp('/transactions?page=2', { session: signedInAs() });
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'pending', page: 1 });
    expect(callsTo('transactions.list').at(-1)).toEqual({ status: 'pending', page: 1, limit: 10 });

    await user.type(screen.getByLabelText('Minimum amount'), '50');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'pending', minAmount: 50, page: 1 }),
    );
    await waitFor(() =>
      expect(callsTo('transactions.list').at(-1)).toMatchObject({ minAmount: 50, page: 1 }),
    );
  });

  it('exports the filtered list as a CSV file the server streams', async () => {
    serveHistory();
    renderApp('/transactions?status=pending&q=pizza', { session: signedInAs() });
    const link = await screen.findByRole('link', { name: /Export CSV/ });
    expect(link).toHaveAttribute('href', '/api/v1/transactions/export?q=pizza&status=pending');
    expect(link).toHaveAttribute('download');
  });

  it('replaces the page with the error message', async () => {
    mockProcedure('transactions.list', failing('BAD_REQUEST', ''));
    renderApp('/transactions', { session: signedInAs() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
  });

  it('shows the success message handed over by a money form once', async () => {
    mockProcedure('transactions.list', () => transactionPage([]));
    const { router } = renderApp('/transactions', {
      session: signedInAs(),
      state: { message: 'Transfer completed successfully' },
    });
    expect(await screen.findByText('Transfer completed successfully')).toBeInTheDocument();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state.message).toBeUndefined());
  });
});

describe('transactions grouped by day', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('groups rows under Today, Yesterday and the date, with the other side and the time', async () => {
    // 3 PM on Nov 27 in New York, the bank's time zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T20:00:00.000Z'));
    mockProcedure('transactions.list', () =>
      transactionPage([
        makeTransaction({
          type: 'transfer',
          direction: 'credit',
          amount: 42.1,
          description: 'Pizza night',
          counterparty: {
            name: 'Bob Rivera',
            accountNumber: '4321',
            bank: null,
            routingNumber: null,
          },
          createdAt: '2026-11-27T18:42:00.000Z',
        }),
        // 11:30 PM on Nov 26 in New York, already Nov 27 in UTC: still yesterday.
        makeTransaction({
          description: 'Deposit funds',
          counterparty: { name: 'Citi', accountNumber: '6789', bank: 'Citi', routingNumber: null },
          createdAt: '2026-11-27T04:30:00.000Z',
        }),
        makeTransaction({
          type: 'transfer',
          direction: 'debit',
          description: 'Rent',
          counterparty: {
            name: 'Alice C.',
            accountNumber: '8085',
            bank: null,
            routingNumber: null,
          },
          createdAt: '2026-11-23T15:05:00.000Z',
        }),
      ]),
    );
    renderApp('/transactions', { session: signedInAs() });
    const today = await screen.findByRole('list', { name: 'Today' });
    expect(within(today).getByText('From Bob Rivera · 1:42 PM')).toBeInTheDocument();
    const yesterday = screen.getByRole('list', { name: 'Yesterday' });
    expect(within(yesterday).getByText('Citi ••6789 · 11:30 PM')).toBeInTheDocument();
    const earlier = screen.getByRole('list', { name: 'Nov 23' });
    expect(within(earlier).getByText('To Alice C. · 10:05 AM')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Nov 23',
    ]);
  });
});

describe('history search', () => {
  it('asks the server for the words typed, from page one, and keeps them in the URL', async () => {
    mockProcedure('transactions.list', (input) =>
      transactionPage(
        input.q === 'bob'
          ? [makeTransaction({ description: 'Pizza night' })]
          : [makeTransaction({ description: 'Rent' }), makeTransaction({ description: 'Gym' })],
      ),
    );
    const { user, router } = renderApp('/transactions?page=2', { session: signedInAs() });
    expect(await screen.findByText('Rent')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'bob');
    expect(await screen.findByText('Pizza night')).toBeInTheDocument();
    expect(screen.queryByText('Rent')).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: 'bob', page: 1 });
    expect(callsTo('transactions.list').at(-1)).toEqual({ q: 'bob', page: 1, limit: 10 });
  });
});

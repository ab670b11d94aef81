import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectTextsIn } from '../../testing/assertions.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { makeTransaction, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

/** 25 transactions of several customers, ten to a page; the pending filter keeps three. */
function serveAll() {
  const all = Array.from({ length: 25 }, (_, index) =>
    makeTransaction({
      type: 'transfer',
      status: index === 0 ? 'pending' : 'completed',
      amount: 1234.5 + index,
      direction: 'debit',
      sender: { firstName: 'Grace', lastName: `Hopper${index + 1}`, email: `g${index + 1}@x.io` },
      recipientName: index === 0 ? 'Alan Turing' : null,
      recipientAccountNumber: index === 0 ? '4000123456781234' : null,
      createdAt: '2026-03-07T10:00:00.000Z',
    }),
  );
  mockProcedure('transactions.all', (input) => {
    const query = input;
    const page = Number(query.page ?? 1);
    const rows = query.status === 'pending' ? all.slice(0, 3) : all;
    return transactionPage(rows.slice((page - 1) * 10, page * 10), { page, total: rows.length });
  });
}

describe('admin transaction monitoring', () => {
  it('shows sender, type, amount, status and date in each row, and pages', async () => {
    serveAll();
    const { user, router } = renderApp('/admin/transactions', { session: adminSession });
    expect(
      await screen.findByRole('heading', { name: 'Transaction Monitoring' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    const first = rows[1];
    if (!first) throw new Error('no first row');
    expectTextsIn(first, [
      'Grace Hopper1',
      'g1@x.io',
      'Transfer',
      '$1,234.50',
      'Pending',
      'Mar 7, 2026',
    ]);
    // Whom the money went to: the name and the account's last four.
    expect(within(table).getByRole('columnheader', { name: 'Recipient' })).toBeInTheDocument();
    expectTextsIn(first, ['Alan Turing', '••1234']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(callsTo('transactions.all').at(-1)).toEqual({ page: 2, limit: 10 });
  });

  it('requests page one when a filter changes, keeping filters in the URL', async () => {
    serveAll();
    const { user, router } = renderApp('/admin/transactions?page=2', { session: adminSession });
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'pending', page: 1 });
    expect(callsTo('transactions.all').at(-1)).toEqual({ status: 'pending', page: 1, limit: 10 });
  });

  it('names an outside deposit External and a sender-less movement with a dash', async () => {
    mockProcedure('transactions.all', () =>
      transactionPage([
        makeTransaction({ type: 'deposit', sender: null }),
        makeTransaction({ type: 'withdraw', sender: null, direction: 'debit' }),
      ]),
    );
    renderApp('/admin/transactions', { session: adminSession });
    expect(await screen.findByText('External')).toBeInTheDocument();
    // The withdrawal has no sender; neither movement went to a named recipient.
    expect(screen.getAllByText('—')).toHaveLength(3);
  });

  it('says so when nothing matches', async () => {
    mockProcedure('transactions.all', () => transactionPage([]));
    renderApp('/admin/transactions?status=failed', { session: adminSession });
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('shows an error in a red box', async () => {
    mockProcedure('transactions.all', failing('FORBIDDEN', 'Administrators only'));
    renderApp('/admin/transactions', { session: adminSession });
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrators only');
  });

  it('searches every customer’s transactions by what is typed, from page one', async () => {
    serveAll();
    const { user, router } = renderApp('/admin/transactions?page=2', { session: adminSession });
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'grace{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ q: 'grace', page: 1 }));
    await vi.waitFor(() =>
      expect(callsTo('transactions.all').at(-1)).toEqual({ q: 'grace', page: 1, limit: 10 }),
    );
  });
});

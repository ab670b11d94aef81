import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeTransaction } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

const transfer = makeTransaction({
  type: 'transfer',
  status: 'pending',
  direction: 'debit',
  amount: 300,
  description: 'Rent for March',
  category: 'transfers',
  paymentMethod: 'bank_transfer',
  recipientName: 'Landlord LLC',
  recipientAccountNumber: '123456789',
  counterparty: { name: 'Landlord LLC', accountNumber: '6789', bank: null, routingNumber: null },
  notes: 'Paid early',
  timeline: [
    {
      id: 'a',
      status: 'completed',
      description: 'Transfer initiated',
      timestamp: '2026-03-07T10:00:00.000Z',
    },
    {
      id: 'b',
      status: 'pending',
      description: 'Sent to the external bank for clearing',
      timestamp: '2026-03-07T10:00:01.000Z',
    },
  ],
});

describe('transaction detail', () => {
  it('shows the transfer and copies its reference', async () => {
    mockProcedure('transactions.byId', () => transfer);
    const { user } = renderApp(`/transactions/${transfer.id}`, { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Rent for March' })).toBeInTheDocument();
    // 10:00 UTC is 5:00 AM in the bank's time zone (New York).
    expect(screen.getByText('To Landlord LLC · Mar 7, 2026, 5:00 AM')).toBeInTheDocument();
    expectLinkTo('Receipt (PDF)', `/api/v1/transactions/${transfer.id}/receipt`);
    expect(screen.getByText('\u2212$300.00')).toBeInTheDocument();
    expect(screen.getByText(transfer.id)).toBeInTheDocument();
    for (const text of ['Transfer', 'Bank transfer', '••6789', 'Landlord LLC', 'Paid early']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline).getByText('Sent to the external bank for clearing'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText('Pending')).toBeInTheDocument();
    expect(callsTo('transactions.byId')).toEqual([{ id: transfer.id }]);

    await user.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(await screen.findByText('Reference copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(transfer.id);
  });

  it('files the movement under the category the customer picks, for them alone', async () => {
    mockProcedure('transactions.byId', () => transfer);
    mockProcedure('transactions.setCategory', (input) => ({ ...transfer, ...input }));
    const { user } = renderApp(`/transactions/${transfer.id}`, { session: signedInAs() });
    const category = await screen.findByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('transfers');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Income',
      'Transfers',
      'Shopping',
      'Groceries',
      'Dining',
      'Bills & utilities',
      'Rent & housing',
      'Travel',
      'Entertainment',
      'Health',
      'Cash',
      'Loans',
      'Fees',
      'Other',
    ]);
    expect(screen.getByText('Only you see it; your dashboard sums your spending by it.'));
    await user.selectOptions(category, 'rent_housing');
    expect(await screen.findByText('Category changed to Rent & housing')).toBeInTheDocument();
    expect(callsTo('transactions.setCategory')).toEqual([
      { id: transfer.id, category: 'rent_housing' },
    ]);
    expect(category).toHaveValue('rent_housing');
  });

  it('puts the stored category back when the change fails', async () => {
    mockProcedure('transactions.byId', () => transfer);
    mockProcedure('transactions.setCategory', failing('NOT_FOUND', 'Transaction not found'));
    const { user } = renderApp(`/transactions/${transfer.id}`, { session: signedInAs() });
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await user.selectOptions(category, 'travel');
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
    expect(category).toHaveValue('transfers');
    expect(category).toBeEnabled();
  });

  it('names another bank’s account by its routing number too', async () => {
    const external = makeTransaction({
      type: 'transfer',
      direction: 'debit',
      recipientAccountNumber: '987654321',
      counterparty: {
        name: 'External account',
        accountNumber: '4321',
        bank: null,
        routingNumber: '021000021',
      },
    });
    mockProcedure('transactions.byId', () => external);
    renderApp(`/transactions/${external.id}`, { session: signedInAs() });
    expect(await screen.findByText('Routing number')).toBeInTheDocument();
    expect(screen.getByText('021000021')).toBeInTheDocument();
  });

  it('names the sender of money received, never the customer as their own recipient', async () => {
    const received = makeTransaction({
      type: 'transfer',
      direction: 'credit',
      amount: 42.1,
      description: 'Pizza night',
      category: 'income',
      paymentMethod: 'internal_transfer',
      recipientName: 'Alice C.',
      recipientAccountNumber: '412345678085',
      counterparty: { name: 'Bob Rivera', accountNumber: '4321', bank: null, routingNumber: null },
      timeline: [
        {
          id: 'a',
          status: 'completed',
          description: 'Received from Bob Rivera',
          timestamp: '2026-03-07T23:42:00.000Z',
        },
      ],
      createdAt: '2026-03-07T23:42:00.000Z',
    });
    mockProcedure('transactions.byId', () => received);
    renderApp(`/transactions/${received.id}`, { session: signedInAs() });
    expect(await screen.findByText('+$42.10')).toBeInTheDocument();
    expect(screen.getByText('From Bob Rivera · Mar 7, 2026, 6:42 PM')).toBeInTheDocument();
    expect(screen.getByText('From')).toBeInTheDocument();
    expect(screen.getByText('Bob Rivera')).toBeInTheDocument();
    expect(screen.getByText('Sender’s account')).toBeInTheDocument();
    expect(screen.getByText('••4321')).toBeInTheDocument();
    expect(screen.queryByText(/Alice/)).not.toBeInTheDocument();
    expect(screen.queryByText('412345678085')).not.toBeInTheDocument();
    expect(screen.queryByText('Recipient')).not.toBeInTheDocument();
  });

  it('names a deposit’s source: Citi ••6789', async () => {
    const deposit = makeTransaction({
      counterparty: { name: 'Citi', accountNumber: '6789', bank: 'Citi', routingNumber: null },
    });
    mockProcedure('transactions.byId', () => deposit);
    renderApp(`/transactions/${deposit.id}`, { session: signedInAs() });
    expect(await screen.findByText('+$100.00')).toBeInTheDocument();
    expect(screen.getByText('Source')).toBeInTheDocument();
    expect(screen.getByText(/^Citi ••6789 · /)).toBeInTheDocument();
    expect(screen.queryByText('From')).not.toBeInTheDocument();
  });

  it('links a reversed payment to its reversals, and a reversal to what it reverses', async () => {
    const reversal = makeTransaction({
      type: 'reversal',
      description: 'Reversal: Rent for March',
      amount: 100,
    });
    const original = makeTransaction({
      type: 'transfer',
      amount: 300,
      reversedAmount: 100,
      reversedBy: [reversal.id],
    });
    const linked = { ...reversal, reverses: original.id };
    mockProcedure('transactions.byId', (input) => (input.id === original.id ? original : linked));
    const { user, router } = renderApp(`/transactions/${original.id}`, { session: signedInAs() });
    expect(await screen.findByText('Reversed by')).toBeInTheDocument();
    expect(screen.getByText('$100.00 of $300.00 reversed')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: reversal.id }));
    expect(await screen.findByText('Reverses')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/transactions/${reversal.id}`);
    expect(screen.getByRole('link', { name: original.id })).toBeInTheDocument();
  });

  it('says Transaction not found when the server has none', async () => {
    mockProcedure('transactions.byId', failing('NOT_FOUND', 'Transaction not found'));
    renderApp('/transactions/00000000-0000-4000-8000-000000000999', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Transaction not found' }),
    ).toBeInTheDocument();
  });

  it('does not ask the server about a malformed reference', async () => {
    renderApp('/transactions/not-a-reference', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Transaction not found' }),
    ).toBeInTheDocument();
    expect(callsTo('transactions.byId')).toEqual([]);
  });

  it('shows other errors as their message', async () => {
    mockProcedure(
      'transactions.byId',
      failing('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
    );
    renderApp(`/transactions/${transfer.id}`, { session: signedInAs() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });
});

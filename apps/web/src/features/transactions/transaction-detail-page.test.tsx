import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeTransaction } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure, TrpcMockError } from '../../testing/trpc-msw.ts';

const transfer = makeTransaction({
  type: 'transfer',
  status: 'pending',
  direction: 'debit',
  amount: 300,
  description: 'Rent for March',
  category: 'external_transfer',
  paymentMethod: 'bank_transfer',
  recipientName: 'Landlord LLC',
  recipientAccountNumber: '123456789',
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
    expect(screen.getByText('Mar 7, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receipt (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/transactions/${transfer.id}/receipt`,
    );
    expect(screen.getByText('\u2212$300.00')).toBeInTheDocument();
    expect(screen.getByText(transfer.id)).toBeInTheDocument();
    for (const text of [
      'Transfer',
      'External transfer',
      'Bank transfer',
      '123456789',
      'Landlord LLC',
      'Paid early',
    ]) {
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

  it('shows the recipient account number only for transfers', async () => {
    const deposit = makeTransaction({ recipientAccountNumber: '999888777' });
    mockProcedure('transactions.byId', () => deposit);
    renderApp(`/transactions/${deposit.id}`, { session: signedInAs() });
    expect(await screen.findByText('+$100.00')).toBeInTheDocument();
    expect(screen.queryByText('Recipient account number')).not.toBeInTheDocument();
  });

  it('says Transaction not found when the server has none', async () => {
    mockProcedure('transactions.byId', () => {
      throw new TrpcMockError('NOT_FOUND', 'Transaction not found');
    });
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
    mockProcedure('transactions.byId', () => {
      throw new TrpcMockError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.');
    });
    renderApp(`/transactions/${transfer.id}`, { session: signedInAs() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });
});

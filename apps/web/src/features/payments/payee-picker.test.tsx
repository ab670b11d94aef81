import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeBalance, movementResult, transactionPage } from '../../testing/money-fixtures.ts';
import { makePayee, type PayeeFixture } from '../../testing/payee-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';

const landlord = makePayee({
  id: '0193a3c4-1111-7000-8000-000000000001',
  name: 'Landlord',
  accountNumber: '4321',
  routingNumber: '021000021',
  bank: 'external',
  confirmation: { result: null, holder: null },
  dailyLimit: 2000,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const bob = makePayee({
  id: '0193a3c4-1111-7000-8000-000000000002',
  confirmation: { result: 'close', holder: 'Bob S.' },
  createdAt: '2026-11-20T10:00:00.000Z',
});

function mockPage(payees: PayeeFixture[]) {
  mockProcedures({
    'transactions.balance': () => makeBalance({ balance: 5000 }),
    'transactions.list': () => transactionPage([]),
    'payees.list': () => ({ data: payees }),
    'transactions.recentRecipients': () => [],
    'transactions.transfer': () => movementResult('Transfer completed successfully'),
  });
}

describe('the payee picker on the transfer screen', () => {
  it('sends to a chosen payee by id, without the typed recipient’s fields', async () => {
    mockPage([bob, landlord]);
    const { user } = renderApp('/transfer', { session: signedInAs() });
    const picker = await screen.findByLabelText('Pay to');
    expect(screen.getByLabelText(/Recipient account number/)).toBeInTheDocument();
    await user.selectOptions(picker, landlord.id);
    expect(screen.queryByLabelText(/Recipient account number/)).not.toBeInTheDocument();
    const summary = screen.getByTestId('payee-summary');
    expect(within(summary).getByText('Routing 021000021')).toBeInTheDocument();
    expect(within(summary).getByText('Limit $2,000.00 a day')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Amount/), '1200');
    await user.type(screen.getByLabelText(/Description/), 'December rent');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    // The review names the saved payee and its bank's routing number before anything leaves.
    const review = await screen.findByRole('region', { name: 'Review your transfer' });
    expect(within(review).getByText('Landlord')).toBeInTheDocument();
    expect(within(review).getByText('021000021')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Transfer completed successfully')).toBeInTheDocument();
    const [sent] = callsTo('transactions.transfer');
    expect(sent).toMatchObject({
      payeeId: landlord.id,
      amount: 1200,
      description: 'December rent',
    });
    expect(sent).not.toHaveProperty('recipientAccountNumber');
    // No payee check for a saved payee: it was checked when saved.
    expect(callsTo('transactions.lookupPayee')).toEqual([]);
  });

  it('opens with the payee the payees screen chose, and shows the payee’s limit refusal', async () => {
    mockPage([bob]);
    mockProcedures({
      'transactions.transfer': failing(
        'BAD_REQUEST',
        'New payee limit exceeded: a payee can receive at most $1,000.00 in its first 24 hours',
      ),
    });
    const { user } = renderApp(`/transfer?payee=${bob.id}`, { session: signedInAs() });
    expect(await screen.findByText('Close match when saved: Bob S.')).toBeInTheDocument();
    expect(screen.getByLabelText('Pay to')).toHaveValue(bob.id);
    await user.type(screen.getByLabelText(/Amount/), '1500');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    await user.click(await screen.findByRole('button', { name: 'Send Money' }));
    expect(
      await screen.findByText(
        'New payee limit exceeded: a payee can receive at most $1,000.00 in its first 24 hours',
      ),
    ).toBeInTheDocument();
  });

  it('goes back to typing a recipient with New recipient', async () => {
    mockPage([bob]);
    const { user } = renderApp('/transfer', { session: signedInAs() });
    const picker = await screen.findByLabelText('Pay to');
    await user.selectOptions(picker, bob.id);
    expect(screen.queryByLabelText(/Recipient name/)).not.toBeInTheDocument();
    await user.selectOptions(picker, '');
    expect(screen.getByLabelText(/Recipient name/)).toBeInTheDocument();
    expectLinkTo('Manage payees', '/payees');
  });
});

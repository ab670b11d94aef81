import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeBalance, movementResult, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';

function mockPage() {
  mockProcedures({
    'transactions.balance': () => makeBalance({ balance: 1234.5, transferredToday: 1000 }),
    'transactions.list': () => transactionPage([]),
  });
}

describe('transfer', () => {
  it('shows the balance, says Processing... while sending, then opens the history', async () => {
    mockPage();
    let release: () => void = () => {};
    mockProcedures({
      'transactions.transfer': () =>
        new Promise((resolve) => {
          release = () => resolve(movementResult('Transfer completed successfully'));
        }),
    });
    const { user, router } = renderApp('/transfer', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Transfer Money' })).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$49,000.00 left today')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Recipient name'), 'Bob Smith');
    await user.type(screen.getByLabelText(/Recipient account number/), '322345092234');
    await user.type(screen.getByLabelText(/Amount/), '125.50');
    await user.type(screen.getByLabelText('Description'), 'Dinner');
    await user.click(screen.getByRole('button', { name: 'Send Money' }));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    release();
    expect(await screen.findByText('Transfer completed successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(callsTo('transactions.transfer')).toEqual([
      {
        type: 'transfer',
        currency: 'USD',
        recipientName: 'Bob Smith',
        recipientAccountNumber: '322345092234',
        amount: 125.5,
        description: 'Dinner',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      },
    ]);
  });

  it('checks the form with the shared messages before sending', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Amount/), '-5');
    await user.tab();
    expect(await screen.findByText('Amount must be positive')).toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('checks the balance and the daily limit at the amount field before sending (issue 13)', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Recipient account number/), '123456789');
    const amount = screen.getByLabelText(/Amount/);
    await user.type(amount, '1234.51');
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('shows the server refusal of an amount at the amount field', async () => {
    mockProcedures({
      'transactions.balance': () => makeBalance({ balance: 90_000, transferredToday: 0 }),
      'transactions.list': () => transactionPage([]),
      'transactions.transfer': () => {
        throw new TrpcMockError('BAD_REQUEST', 'Daily transfer limit exceeded');
      },
    });
    const { user } = renderApp('/transfer', { session: signedInAs() });
    expect(await screen.findByText('$90,000.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Recipient account number/), '123456789');
    const amount = screen.getByLabelText(/Amount/);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Daily transfer limit exceeded')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes plain decimals only: an exponent (1e2) is not read as $100 (issue 13)', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Recipient account number/), '123456789');
    const amount = screen.getByLabelText(/Amount/);
    // A text field with a decimal keypad: no spinner arrows to cover the 'USD' suffix.
    expect(amount).toHaveAttribute('type', 'text');
    expect(amount).toHaveAttribute('inputMode', 'decimal');
    await user.type(amount, '1e2');
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Amount must be a number')).toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('shows a refusal, re-enables the form, and uses a new key for the next try', async () => {
    mockPage();
    mockProcedures({
      'transactions.transfer': () => {
        throw new TrpcMockError('BAD_REQUEST', 'Insufficient funds');
      },
    });
    const { user, router } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Recipient account number/), '123456789');
    // Within the balance shown (the server's newer balance refuses it).
    await user.type(screen.getByLabelText(/Amount/), '999');
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    const send = await screen.findByRole('button', { name: 'Send Money' });
    expect(send).toBeEnabled();
    expect(router.state.location.pathname).toBe('/transfer');
    await user.click(send);
    await waitFor(() => expect(callsTo('transactions.transfer')).toHaveLength(2));
    const [first, second] = callsTo('transactions.transfer').map((call) => Object(call));
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import {
  expectHistoryWithMessage,
  makeBalance,
  makeBank,
  makeCard,
  mockMoneyForm,
  movementResult,
} from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';
import { depositFieldFor } from './deposit-page.tsx';

const savedCard = makeCard({ last4: '4242', number: '**** **** **** 4242' });
const savedBank = makeBank({ name: 'First Federal' });

function mockPage(cards = [savedCard], banks = [savedBank]) {
  mockMoneyForm({ balance: makeBalance(), cards, banks });
}

/** Types a new card (with the CVV 123) and `amount` into the form, and sends it. */
async function depositByNewCard(
  user: ReturnType<typeof renderApp>['user'],
  card: { number: string; expiry: string; amount: string },
) {
  await user.type(await screen.findByLabelText(/Card number/), card.number);
  await user.type(screen.getByLabelText(/Expiry date/), card.expiry);
  await user.type(screen.getByLabelText(/CVV/), '123');
  await user.type(screen.getByLabelText(/Amount/), card.amount);
  await user.click(screen.getByRole('button', { name: 'Deposit Funds' }));
}

describe('deposit', () => {
  it('offers card and bank; cash is shown but cannot be chosen', async () => {
    mockPage();
    const { user } = renderApp('/deposit', { session: signedInAs() });
    const cash = await screen.findByRole('radio', { name: /Cash/ });
    expect(cash).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Card/ })).toBeChecked();
    await user.click(screen.getByText('Not available online'));
    expect(cash).not.toBeChecked();
    expect(screen.getByLabelText(/Card number/)).toBeInTheDocument();
  });

  it('deposits by a new card and opens the history with the success message', async () => {
    mockPage([], []);
    mockProcedures({
      'transactions.deposit': () => movementResult('Deposit completed successfully'),
    });
    const { user, router } = renderApp('/deposit', { session: signedInAs() });
    await depositByNewCard(user, { number: '4111 1111 1111 1111', expiry: '12/39', amount: '250' });
    await expectHistoryWithMessage(router, 'Deposit completed successfully');
    expect(callsTo('transactions.deposit')).toEqual([
      {
        type: 'deposit',
        method: 'card',
        amount: 250,
        currency: 'USD',
        description: 'Deposit funds',
        cardNumber: '4111111111111111',
        expiryDate: '12/39',
        cvv: '123',
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  it('starts on the saved card when there is one, not on a new card (the accessibility review)', async () => {
    mockPage();
    renderApp('/deposit', { session: signedInAs() });
    await waitFor(() => expect(screen.getByLabelText('Saved card')).toHaveValue(savedCard.id));
    expect(screen.getByDisplayValue('**** **** **** 4242')).toHaveAttribute('readonly');
  });

  it('asks only the CVV of a saved card and says Wrong CVV when it does not match', async () => {
    mockPage();
    mockProcedures({
      'transactions.deposit': failing('BAD_REQUEST', 'Wrong CVV'),
    });
    const { user, router } = renderApp('/deposit', { session: signedInAs() });
    await user.selectOptions(await screen.findByLabelText('Saved card'), savedCard.id);
    expect(screen.getByDisplayValue('**** **** **** 4242')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/Expiry date/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/CVV/), '999');
    await user.type(screen.getByLabelText(/Amount/), '50');
    await user.click(screen.getByRole('button', { name: 'Deposit Funds' }));
    // The toast (docs/product.md 5), and the field it concerns.
    const shown = await screen.findAllByText('Wrong CVV');
    expect(shown.some((element) => element.closest('[data-scope="toast"]'))).toBe(true);
    expect(screen.getByLabelText(/CVV/)).toHaveAccessibleErrorMessage('Wrong CVV');
    expect(router.state.location.pathname).toBe('/deposit');
    expect(callsTo('transactions.deposit')).toEqual([
      {
        type: 'deposit',
        method: 'card',
        amount: 50,
        currency: 'USD',
        description: 'Deposit funds',
        cardId: savedCard.id,
        cvv: '999',
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  it('puts each detail of a failure on the field its first word names', async () => {
    mockPage([], []);
    mockProcedures({
      'transactions.deposit': failing('BAD_REQUEST', 'Validation error', {
        details: [
          { field: 'cardNumber', message: 'Card number must be 16 digits' },
          { field: '', message: 'Expiry date must be in MM/YY format' },
        ],
      }),
    });
    const { user } = renderApp('/deposit', { session: signedInAs() });
    await depositByNewCard(user, { number: '4111111111111111', expiry: '12/39', amount: '10' });
    await waitFor(() =>
      expect(screen.getByLabelText(/Card number/)).toHaveAccessibleErrorMessage(
        'Card number must be 16 digits',
      ),
    );
    expect(screen.getByLabelText(/Expiry date/)).toHaveAccessibleErrorMessage(
      'Expiry date must be in MM/YY format',
    );
  });

  it('shows any other failure on the cvv field', async () => {
    mockPage([], []);
    mockProcedures({
      'transactions.deposit': failing('BAD_REQUEST', 'Card has expired'),
    });
    const { user } = renderApp('/deposit', { session: signedInAs() });
    await depositByNewCard(user, { number: '4111111111111111', expiry: '01/20', amount: '10' });
    await waitFor(() =>
      expect(screen.getByLabelText(/CVV/)).toHaveAccessibleErrorMessage('Card has expired'),
    );
  });

  it('prefills a saved bank and sends only its id', async () => {
    mockPage([], [savedBank]);
    mockProcedures({
      'transactions.deposit': () => movementResult('Deposit completed successfully'),
    });
    const { user } = renderApp('/deposit', { session: signedInAs() });
    await user.click(await screen.findByText('From a bank account'));
    await user.selectOptions(await screen.findByLabelText('Saved bank'), savedBank.id);
    expect(screen.getByLabelText(/Bank name/)).toHaveValue('First Federal');
    expect(screen.getByLabelText(/Account number/)).toHaveValue('9876543210');
    expect(screen.getByLabelText(/Routing number/)).toHaveValue('021000021');
    await user.type(screen.getByLabelText(/Amount/), '75');
    await user.click(screen.getByRole('button', { name: 'Deposit Funds' }));
    await waitFor(() => expect(callsTo('transactions.deposit')).toHaveLength(1));
    expect(callsTo('transactions.deposit')[0]).toEqual({
      type: 'deposit',
      method: 'bank',
      amount: 75,
      currency: 'USD',
      description: 'Deposit funds',
      bankId: savedBank.id,
      idempotencyKey: expect.any(String),
    });
  });

  it('maps detail messages by their first word', () => {
    expect(depositFieldFor({ field: '', message: 'CVV must be 3 digits' })).toBe('cvv');
    expect(depositFieldFor({ field: '', message: 'Routing number is required' })).toBe(
      'bankRoutingNumber',
    );
    expect(depositFieldFor({ field: 'bankName', message: 'Required' })).toBe('bankName');
    expect(depositFieldFor({ field: 'other', message: 'Something else' })).toBe('cvv');
  });
});

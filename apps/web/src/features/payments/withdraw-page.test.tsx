import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
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
import { retype } from '../../testing/user-actions.ts';

const savedBank = makeBank({ name: 'First Federal', accountName: null });
const debitCard = makeCard({ type: 'debit', last4: '1111', number: '**** **** **** 1111' });
const creditCard = makeCard({ type: 'credit', last4: '2222', number: '**** **** **** 2222' });

function mockPage(cards = [debitCard, creditCard], banks = [savedBank]) {
  const balance = makeBalance({ balance: 1994.5, withdrawalLimit: 25000, withdrawnToday: 80 });
  mockMoneyForm({ balance, cards, banks });
}

describe('withdraw', () => {
  it('shows the balance and the daily withdrawal limit with what is left today', async () => {
    mockPage();
    renderApp('/withdraw', { session: signedInAs() });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$1,994.50')).toBeInTheDocument();
    expectTextsIn(summary, ['Daily withdrawal limit', '$25,000.00', '$24,920.00 left today']);
    for (const name of [/Bank account/, /Debit card/, /Cash pickup/]) {
      expect(screen.getByRole('radio', { name })).toBeEnabled();
    }
  });

  it('prefills a saved bank and submits the request', async () => {
    mockPage();
    mockProcedures({
      'transactions.withdraw': () => movementResult('Withdrawal request submitted successfully'),
    });
    const { user, router } = renderApp('/withdraw', {
      session: signedInAs(makeUser({ firstName: 'Ada', lastName: 'Lovelace' })),
    });
    await user.selectOptions(await screen.findByLabelText('Saved bank'), savedBank.id);
    expect(screen.getByLabelText(/Bank name/)).toHaveValue('First Federal');
    expect(screen.getByLabelText(/Account number/)).toHaveValue('9876543210');
    expect(screen.getByLabelText(/Account name/)).toHaveValue('Ada Lovelace');
    await user.type(screen.getByLabelText(/Amount/), '80');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await expectHistoryWithMessage(router, 'Withdrawal request submitted successfully');
    expect(callsTo('transactions.withdraw')).toEqual([
      {
        type: 'withdraw',
        method: 'bank',
        amount: 80,
        currency: 'USD',
        bankId: savedBank.id,
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  it('offers only debit cards, and shows the limit refusal', async () => {
    mockPage();
    mockProcedures({
      'transactions.withdraw': failing(
        'BAD_REQUEST',
        'Daily withdrawal limit exceeded: the limit is $25,000.00 a day',
      ),
    });
    const { user } = renderApp('/withdraw', { session: signedInAs() });
    await user.click(await screen.findByText('To a saved debit card'));
    const select = await screen.findByLabelText(/Debit card/, { selector: 'select' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a debit card', '**** **** **** 1111 (Ada Lovelace, expires 12/30)']);
    // Within the figures on screen: the server's refusal shows at the amount field.
    await user.type(screen.getByLabelText(/Amount/), '30');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Choose a saved debit card')).toBeInTheDocument();
    await user.selectOptions(select, debitCard.id);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Daily withdrawal limit exceeded: the limit is $25,000.00 a day'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(callsTo('transactions.withdraw')).toEqual([
      {
        type: 'withdraw',
        method: 'card',
        amount: 30,
        currency: 'USD',
        cardId: debitCard.id,
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  it('takes a new bank with its routing number, which must pass the ABA check', async () => {
    mockPage(undefined, []);
    mockProcedures({
      'transactions.withdraw': () => movementResult('Withdrawal request submitted successfully'),
    });
    const { user } = renderApp('/withdraw', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Bank name/), 'Other Bank');
    await user.type(screen.getByLabelText(/Account number/), '12345678');
    await user.type(screen.getByLabelText(/Routing number/), '021000022');
    await user.type(screen.getByLabelText(/Account name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Amount/), '10');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invalid routing number')).toBeInTheDocument();
    expect(callsTo('transactions.withdraw')).toEqual([]);
    await retype(user, /Routing number/, '021000021');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Withdrawal request submitted successfully'),
    ).toBeInTheDocument();
    expect(callsTo('transactions.withdraw')).toEqual([
      expect.objectContaining({ method: 'bank', routingNumber: '021000021' }),
    ]);
  });

  it('says where to add a debit card when there is none', async () => {
    mockPage([creditCard], []);
    const { user } = renderApp('/withdraw', { session: signedInAs() });
    await user.click(await screen.findByText('To a saved debit card'));
    expect(await screen.findByRole('link', { name: 'Add one in My Cards' })).toHaveAttribute(
      'href',
      '/my-cards',
    );
  });
});

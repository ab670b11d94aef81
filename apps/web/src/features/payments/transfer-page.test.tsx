import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterInputs, RouterOutputs } from '../../lib/trpc.ts';
import { expectTextsIn } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import {
  expectHistoryWithMessage,
  makeBalance,
  movementResult,
  transactionPage,
} from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';
import { ARRIVES_AFTER_CLEARING, ARRIVES_INSTANTLY } from './transfer-review.tsx';

const BOB = '412345678085';

/** The server's confirmation of payee, as for Bob Smith's account here. */
function payeeOf(
  input: RouterInputs['transactions']['lookupPayee'],
): RouterOutputs['transactions']['lookupPayee'] {
  const { accountNumber, name } = input;
  if (accountNumber !== BOB) {
    return {
      accountNumber,
      bank: 'external',
      holderName: null,
      nameMatch: null,
      ownAccount: false,
      message:
        'This account is not at Horizon Bank. The transfer goes to another bank, which cannot confirm the name.',
    };
  }
  const nameMatch = name === undefined ? null : name === 'Bob Smith' ? 'match' : 'no_match';
  return {
    accountNumber,
    bank: 'horizon',
    holderName: 'Bob S.',
    nameMatch,
    ownAccount: false,
    message:
      nameMatch === 'no_match'
        ? 'The name does not match the account holder. Check the details before you send.'
        : 'The name matches the account holder.',
  };
}

function mockPage(balance = makeBalance({ balance: 1234.5, transferredToday: 1000 })) {
  mockProcedures({
    'transactions.balance': () => balance,
    'transactions.list': () => transactionPage([]),
    'transactions.lookupPayee': payeeOf,
    'payees.list': () => ({ data: [] }),
    'transactions.recentRecipients': () => [],
  });
}

/** From the form to the review step: nothing is sent yet. */
async function review(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Review transfer' }));
  return screen.findByRole('region', { name: 'Review your transfer' });
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
    await user.type(screen.getByLabelText(/Recipient account number/), BOB);
    // Before 'Send Money': the name the money will be credited to.
    expect(await screen.findByText('Paying Bob S. at Horizon Bank')).toBeInTheDocument();
    expect(screen.getByText('The name matches the account holder.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Amount/), '125.50');
    await user.type(screen.getByLabelText('Description'), 'Dinner');
    const step = await review(user);
    expect(callsTo('transactions.transfer')).toEqual([]);
    expectTextsIn(step, [
      '$125.50',
      'Bob S.',
      'ending 8085',
      'Checking ending 7890',
      'Dinner',
      ARRIVES_INSTANTLY,
      'Payee check: The name matches the account holder',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send Money' }));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    release();
    await expectHistoryWithMessage(router, 'Transfer completed successfully');
    expect(callsTo('transactions.transfer')).toEqual([
      {
        type: 'transfer',
        currency: 'USD',
        recipientName: 'Bob Smith',
        recipientAccountNumber: BOB,
        amount: 125.5,
        description: 'Dinner',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      },
    ]);
  });

  it('checks the form with the shared messages before sending', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Amount/), '-5');
    await user.tab();
    expect(await screen.findByText('Amount must be positive')).toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('checks the balance and the daily limit at the amount field before sending (the footprint and page-speed review)', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Recipient account number/), BOB);
    const amount = screen.getByLabelText(/Amount/);
    await user.type(amount, '1234.51');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('shows the server refusal of an amount at the amount field', async () => {
    mockPage(makeBalance({ balance: 90_000, transferredToday: 0 }));
    mockProcedures({
      'transactions.transfer': failing(
        'BAD_REQUEST',
        'Daily transfer limit exceeded: the limit is $25,000.00 a day',
      ),
    });
    const { user } = renderApp('/transfer', { session: signedInAs() });
    expect(await screen.findByText('$90,000.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Recipient account number/), BOB);
    await user.type(screen.getByLabelText(/Amount/), '100');
    await review(user);
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    // Back at the form, the refusal where the amount can be changed, the rest as typed.
    expect(
      await screen.findByText('Daily transfer limit exceeded: the limit is $25,000.00 a day'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Recipient account number/)).toHaveValue(BOB);
  });

  it('takes plain decimals only: an exponent (1e2) is not read as $100 (the footprint and page-speed review)', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Recipient account number/), '123456789');
    const amount = screen.getByLabelText(/Amount/);
    // A text field with a decimal keypad: no spinner arrows to cover the 'USD' suffix.
    expect(amount).toHaveAttribute('type', 'text');
    expect(amount).toHaveAttribute('inputMode', 'decimal');
    await user.type(amount, '1e2');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('Amount must be a number')).toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('shows a failure, keeps the review step, and uses a new key for the next try', async () => {
    mockPage();
    mockProcedures({
      'transactions.transfer': failing('CONFLICT', 'Please retry the request'),
    });
    const { user, router } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Recipient account number/), BOB);
    await user.type(screen.getByLabelText(/Amount/), '999');
    await review(user);
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    expect(await screen.findByText('Please retry the request')).toBeInTheDocument();
    const send = await screen.findByRole('button', { name: 'Send Money' });
    expect(send).toBeEnabled();
    expect(router.state.location.pathname).toBe('/transfer');
    await user.click(send);
    await waitFor(() => expect(callsTo('transactions.transfer')).toHaveLength(2));
    const [first, second] = callsTo('transactions.transfer').map((call) => Object(call));
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
  });

  it('warns when the typed name does not match the account holder', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Recipient name'), 'Robert Jones');
    await user.type(screen.getByLabelText(/Recipient account number/), BOB);
    expect(
      await screen.findByText('The name does not match: this account is Bob S.’s'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Check the name and the number with the person you are paying before you send.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for an explicit confirmation before sending to another bank', async () => {
    mockPage();
    mockProcedures({
      'transactions.transfer': () => movementResult('Transfer completed successfully'),
    });
    const { user, router } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Recipient name'), 'Landlord LLC');
    await user.type(screen.getByLabelText(/Recipient account number/), '123456789');
    await user.type(screen.getByLabelText(/Amount/), '10');
    expect(await screen.findByText('Another bank’s account')).toBeInTheDocument();
    // Another bank's account goes with its bank's routing number, checked as it is typed.
    const routing = screen.getByLabelText(/Routing number/);
    await user.type(routing, '021000022');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('Invalid routing number')).toBeInTheDocument();
    await user.clear(routing);
    await user.type(routing, '021000021');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(
      await screen.findByText('Confirm that you want to send money to another bank'),
    ).toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I have checked the account number: send this money to another bank',
      }),
    );
    const step = await review(user);
    expectTextsIn(step, [
      'Landlord LLC',
      '021000021',
      ARRIVES_AFTER_CLEARING,
      'Payee check: Another bank’s account: the name cannot be confirmed',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send Money' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(callsTo('transactions.transfer')).toEqual([
      expect.objectContaining({ recipientAccountNumber: '123456789', routingNumber: '021000021' }),
    ]);
  });

  it('refuses a mistyped number of this bank before asking the server', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    // Bob's number with its fifth digit mistyped: the check digits no longer fit.
    await user.type(await screen.findByLabelText(/Recipient account number/), '412355678085');
    await user.tab();
    expect(await screen.findByText('Invalid account number')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(callsTo('transactions.lookupPayee')).toEqual([]);
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('goes back to the form with Edit, everything as typed, and sends nothing', async () => {
    mockPage();
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Recipient name'), 'Bob Smith');
    await user.type(screen.getByLabelText(/Recipient account number/), BOB);
    await user.type(screen.getByLabelText(/Amount/), '42');
    await review(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Recipient name')).toHaveValue('Bob Smith');
    expect(screen.getByLabelText(/Recipient account number/)).toHaveValue(BOB);
    expect(screen.getByLabelText(/Amount/)).toHaveValue('42');
    expect(callsTo('transactions.transfer')).toEqual([]);
  });

  it('fills the form from a recent recipient, ours or another bank’s', async () => {
    mockPage();
    mockProcedures({
      'transactions.recentRecipients': () => [
        {
          name: 'Bob S.',
          accountNumber: BOB,
          routingNumber: null,
          bank: 'horizon',
          lastPaidAt: '2026-11-26T10:00:00.000Z',
        },
        {
          name: 'Landlord LLC',
          accountNumber: '987654321',
          routingNumber: '021000021',
          bank: 'external',
          lastPaidAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    const { user } = renderApp('/transfer', { session: signedInAs() });
    const recent = await screen.findByRole('region', { name: 'Recent recipients' });
    const buttons = within(recent).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'BSBob S.Horizon Bank · ending 8085',
      'LLLandlord LLCOther bank · ending 4321',
    ]);
    expect(buttons[0]).toHaveAccessibleName('Bob S. Horizon Bank · ending 8085');
    await user.click(within(recent).getByRole('button', { name: /Landlord LLC/ }));
    expect(screen.getByLabelText('Recipient name')).toHaveValue('Landlord LLC');
    expect(screen.getByLabelText(/Recipient account number/)).toHaveValue('987654321');
    expect(await screen.findByLabelText(/Routing number/)).toHaveValue('021000021');
    // Our customer: the payee check names them; the masked name is not typed in for a check.
    await user.click(within(recent).getByRole('button', { name: /Bob S\./ }));
    expect(screen.getByLabelText('Recipient name')).toHaveValue('');
    expect(screen.getByLabelText(/Recipient account number/)).toHaveValue(BOB);
    expect(await screen.findByText('Paying Bob S. at Horizon Bank')).toBeInTheDocument();
  });

  it('tells at the number what would be refused, without a review', async () => {
    mockPage();
    mockProcedures({
      'transactions.lookupPayee': ({ accountNumber }) => ({
        accountNumber,
        bank: 'horizon',
        holderName: null,
        nameMatch: null,
        ownAccount: false,
        message: 'No Horizon Bank account has this number.',
      }),
    });
    const { user } = renderApp('/transfer', { session: signedInAs() });
    await user.type(await screen.findByLabelText(/Recipient account number/), BOB);
    await user.type(screen.getByLabelText(/Amount/), '10');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('No Horizon Bank account has this number')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review your transfer' })).not.toBeInTheDocument();
    expect(callsTo('transactions.transfer')).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { makeBalance, makeStats, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';
import { accountDetailsText, groupDigits } from './account-details.tsx';

const checking = {
  accountNumber: '412345678085',
  routingNumber: '121098768',
  holderName: 'Ada Lovelace',
  bankName: 'Horizon Bank',
  type: 'checking' as const,
  balance: 1234.5,
  available: 1234.5,
};

function mockDashboard() {
  mockProcedures({
    'transactions.stats': () => makeStats(),
    'transactions.balance': () => makeBalance({ accountNumber: checking.accountNumber }),
    'transactions.list': () => transactionPage([]),
  });
}

async function openDetails() {
  const { user } = renderApp('/', { session: signedInAs(makeUser({ firstName: 'Ada' })) });
  await user.click(await screen.findByRole('button', { name: 'Account details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Account details' });
  return { user, dialog };
}

describe('account details', () => {
  it('groups a number for reading', () => {
    expect(groupDigits('412345678085')).toBe('4123 4567 8085');
    expect(groupDigits('1234567890')).toBe('1234 5678 90');
  });

  it('reads the accounts only when opened, and shows what a payer needs', async () => {
    mockDashboard();
    mockProcedures({ 'accounts.list': () => ({ data: [checking] }) });
    const { user } = renderApp('/', { session: signedInAs(makeUser({ firstName: 'Ada' })) });
    const open = await screen.findByRole('button', { name: 'Account details' });
    expect(callsTo('accounts.list')).toEqual([]);
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Account details' });
    const account = await within(dialog).findByRole('region', { name: 'Checking account 8085' });
    expectTextsIn(account, [
      '4123 4567 8085',
      '121098768',
      'Ada Lovelace',
      'Horizon Bank',
      '$1,234.50 available',
    ]);
  });

  it('copies one number, or all the details at once with Share account details', async () => {
    mockDashboard();
    mockProcedures({ 'accounts.list': () => ({ data: [checking] }) });
    const { user, dialog } = await openDetails();
    await user.click(await within(dialog).findByRole('button', { name: 'Copy routing number' }));
    expect(await screen.findByText('Routing number copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('121098768');
    await user.click(within(dialog).getByRole('button', { name: 'Share account details' }));
    expect(await screen.findByText('Account details copied to clipboard')).toBeInTheDocument();
    const shared = await navigator.clipboard.readText();
    expect(shared).toBe(accountDetailsText(checking));
    expect(shared).toBe(
      [
        'Horizon Bank account details',
        'Account holder: Ada Lovelace',
        'Account number: 412345678085',
        'Routing number: 121098768',
        'Account type: Checking',
        'Bank: Horizon Bank',
      ].join('\n'),
    );
  });

  it('shows every account, and a failure in words', async () => {
    mockDashboard();
    mockProcedures({
      'accounts.list': () => ({
        data: [checking, { ...checking, type: 'savings', accountNumber: '498765432109' }],
      }),
    });
    const { dialog } = await openDetails();
    expect(
      await within(dialog).findAllByRole('button', { name: 'Share account details' }),
    ).toHaveLength(2);
    expect(
      within(dialog).getByRole('region', { name: 'Savings account 2109' }),
    ).toBeInTheDocument();
  });

  it('says so when the details cannot be read', async () => {
    mockDashboard();
    mockProcedures({
      'accounts.list': failing('INTERNAL_SERVER_ERROR', 'Boom'),
    });
    const { dialog } = await openDetails();
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });
});

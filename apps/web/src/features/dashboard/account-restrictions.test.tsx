import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { makeBalance, makeStats, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { mockProcedures } from '../../testing/trpc-msw.ts';

const support = { email: 'help@horizonbank.example', phone: '1-800-555-0199' };

type Mine = RouterOutputs['restrictions']['mine'];

function dashboardWith(accounts: Mine['accounts']) {
  mockProcedures({
    'transactions.stats': () => makeStats(),
    'transactions.balance': () => makeBalance({ accountNumber: '555000111222' }),
    'transactions.list': () => transactionPage([], { limit: 5 }),
    'restrictions.mine': () => ({ accounts, support }),
  });
  return renderApp('/', { session: signedInAs(makeUser({ firstName: 'Ada' })) });
}

describe('account restrictions on the dashboard', () => {
  it('shows a frozen account’s banner with what stops, until when, and the support contacts', async () => {
    dashboardWith([
      {
        accountNumber: '555000111222',
        available: 100,
        held: 0,
        freeze: { mode: 'debits' as const, expiresAt: '2026-12-02T12:00:00.000Z' },
        holds: [],
      },
    ]);
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('This account is frozen')).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'Payments out of your account are stopped until Dec 2. Please contact support.',
      ),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: support.email })).toHaveAttribute(
      'href',
      `mailto:${support.email}`,
    );
    expect(within(banner).getByRole('link', { name: support.phone })).toHaveAttribute(
      'href',
      'tel:18005550199',
    );
  });

  it('shows what is available and each hold as “$50.00 on hold until Dec 2”', async () => {
    dashboardWith([
      {
        accountNumber: '555000111222',
        available: 1184.5,
        held: 50,
        freeze: null,
        holds: [{ id: 'h1', amount: 50, expiresAt: '2026-12-02T12:00:00.000Z' }],
      },
    ]);
    const holds = await screen.findByRole('list', { name: 'Amounts on hold' });
    expect(within(holds).getByText('$50.00 on hold until Dec 2')).toBeInTheDocument();
    expect(screen.getByText('$1,184.50 available to spend')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when the account has no freeze or hold', async () => {
    dashboardWith([
      { accountNumber: '555000111222', available: 10, held: 0, freeze: null, holds: [] },
    ]);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account restrictions' })).not.toBeInTheDocument();
  });
});

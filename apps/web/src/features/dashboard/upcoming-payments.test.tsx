import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { mockMoneyDefaults } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { mockProcedures } from '../../testing/trpc-msw.ts';

const week = { from: '2026-11-27', to: '2026-12-03' };

describe('the dashboard’s upcoming payments', () => {
  it('lists the next 7 days’ scheduled payments and what stays available after them', async () => {
    mockMoneyDefaults();
    mockProcedures({
      'scheduled.upcoming': () => ({
        ...week,
        payments: [
          {
            scheduledTransferId: '0193a5f0-0000-7000-8000-0000000000c1',
            date: '2026-12-01',
            payeeName: 'Bob Landlord',
            amount: 1250,
            description: 'Rent',
          },
        ],
        total: 1250,
        available: 1000,
        availableAfter: -250,
      }),
    });
    renderApp('/', { session: signedInAs() });
    // The dashboard's first render loads its charts and every panel: on a busy machine, slow.
    expect(await screen.findByText('Bob Landlord', {}, { timeout: 15_000 })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Upcoming payments' });
    expect(within(list).getByText('Bob Landlord')).toBeInTheDocument();
    expect(within(list).getByText('Tue, Dec 1 · Rent')).toBeInTheDocument();
    expect(within(list).getByText('−$1,250.00')).toBeInTheDocument();
    expect(screen.getByText('-$250.00')).toBeInTheDocument();
    expect(screen.getByText(/does not cover these payments/)).toBeInTheDocument();
    expectLinkTo('Scheduled transfers', '/transfers/scheduled');
  }, 45_000);

  it('says when nothing is due in the week', async () => {
    mockMoneyDefaults();
    renderApp('/', { session: signedInAs() });
    expect(
      await screen.findByText('No scheduled payments in the next 7 days.'),
    ).toBeInTheDocument();
  });
});

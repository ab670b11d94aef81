import { analyticsQuery } from '@bank/validators/oversight';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RouterInputs, RouterOutputs } from '../../lib/trpc.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

function days(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 2, 7 - (count - 1 - index)));
    return day.toISOString().slice(0, 10);
  });
}

function analytics(
  input: RouterInputs['oversight']['analytics'],
): RouterOutputs['oversight']['analytics'] {
  // The server's own schema reads the period (it arrives as text and defaults to 30).
  const period = analyticsQuery.parse(input).days;
  const series = days(period);
  return {
    days: period,
    from: series[0] ?? '',
    to: series.at(-1) ?? '',
    signUps: series.map((day, index) => ({ day, count: index === series.length - 1 ? 4 : 0 })),
    depositsVsWithdrawals: series.map((day, index) => ({
      day,
      deposits: index === series.length - 1 ? 1500 : 0,
      withdrawals: index === series.length - 1 ? 50 : 0,
    })),
    transactionsByType: [
      { type: 'transfer', count: 1, volume: 100 },
      { type: 'deposit', count: 2, volume: 1500 },
      { type: 'withdraw', count: 1, volume: 50 },
      { type: 'loan_disbursement', count: 1, volume: 10000 },
      { type: 'loan_repayment', count: 1, volume: 890.83 },
      { type: 'interest_earned', count: 0, volume: 0 },
      { type: 'fee', count: 0, volume: 0 },
    ],
    loansByStatus: [
      { status: 'pending', count: 1, amount: 2000, outstanding: 0 },
      { status: 'approved', count: 1, amount: 10000, outstanding: 9213.34 },
      { status: 'rejected', count: 0, amount: 0, outstanding: 0 },
      { status: 'cancelled', count: 0, amount: 0, outstanding: 0 },
      { status: 'completed', count: 0, amount: 0, outstanding: 0 },
      { status: 'defaulted', count: 0, amount: 0, outstanding: 0 },
    ],
    ticketsByStatus: [
      { status: 'open', count: 2 },
      { status: 'in_progress', count: 0 },
      { status: 'resolved', count: 1 },
      { status: 'closed', count: 0 },
    ],
  };
}

describe('admin analytics', () => {
  it('shows the period’s totals, series and breakdowns, and switches the period', async () => {
    mockProcedure('oversight.analytics', analytics);
    const { user, router } = renderApp('/admin/analytics', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('Feb 6 to Mar 7 (UTC)')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    if (!(totals instanceof HTMLElement)) throw new Error('no totals');
    expect(within(totals).getByText('4')).toBeInTheDocument();
    expect(within(totals).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(totals).getByText('$50.00')).toBeInTheDocument();
    expect(within(totals).getByText('6')).toBeInTheDocument();

    // The numbers behind the day charts are there for screen readers.
    const signUps = screen.getByRole('table', { name: 'Sign-ups per day' });
    expect(within(signUps).getAllByRole('row')).toHaveLength(31);
    expect(within(signUps).getByRole('row', { name: 'Mar 7 4' })).toBeInTheDocument();
    const flows = screen.getByRole('table', { name: 'Deposits and withdrawals per day' });
    expect(within(flows).getByRole('row', { name: 'Mar 7 $1,500.00 $50.00' })).toBeInTheDocument();
    // The bars come in their own chunk, after the figures: both charts are drawn in the end.
    // The bars come in their own chunk (recharts), after the figures: both charts are drawn.
    await waitFor(
      () =>
        expect(document.querySelectorAll('[aria-hidden="true"] > .recharts-wrapper')).toHaveLength(
          2,
        ),
      { timeout: 10_000 },
    );

    const types = screen.getByRole('region', { name: 'Transactions by type, figures' });
    expect(
      within(types).getByRole('row', { name: 'Loan repayment 1 $890.83' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Every loan today; $9,213.34 outstanding')).toBeInTheDocument();
    expect(screen.getByText('Approved · $10,000.00')).toBeInTheDocument();
    const tickets = screen.getByRole('group', { name: 'Tickets by status' });
    expect(within(tickets).getByText('Open')).toBeInTheDocument();
    expect(within(tickets).getByText('In progress')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('Mar 1 to Mar 7 (UTC)')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ days: 7 });
    expect(callsTo('oversight.analytics').at(-1)).toEqual({ days: 7 });
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getByRole('table', { name: 'Sign-ups per day' })).getAllByRole('row'),
    ).toHaveLength(8);
  });

  it('downloads the period as a CSV file', async () => {
    mockProcedures({
      'oversight.analytics': analytics,
      'oversight.analyticsCsv': () => ({
        filename: 'analytics-2026-03-01-to-2026-03-07.csv',
        csv: 'metric,day,category,count,amount_usd\n',
      }),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/admin/analytics?days=90', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(callsTo('oversight.analyticsCsv')).toEqual([{ days: 90 }]);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('shows a load error in a red box', async () => {
    mockProcedure('oversight.analytics', failing('BAD_REQUEST', ''));
    renderApp('/admin/analytics', { session: adminSession });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch analytics');
  });
});

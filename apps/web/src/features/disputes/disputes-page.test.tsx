import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDispute } from '../../testing/dispute-fixtures.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

describe('My disputes', () => {
  it('lists each dispute with its credit, deadline and answer, and withdraws an open one', async () => {
    const credited = makeDispute({
      status: 'provisional_credit',
      creditedAmount: 80,
      creditTransactionId: '0193a7c2-0000-7000-8000-00000000c001',
    });
    const denied = makeDispute({
      id: '0193a7c2-0000-7000-8000-00000000d002',
      status: 'denied',
      reason: 'duplicate',
      decisionReason: 'The two payments were two orders.',
      closedAt: '2026-11-28T10:00:00.000Z',
      transaction: { ...credited.transaction, description: 'Groceries' },
    });
    mockProcedure('disputes.mine', () => ({ data: [credited, denied] }));
    mockProcedure('disputes.withdraw', () => ({
      message: 'Dispute withdrawn',
      dispute: { ...credited, status: 'withdrawn' as const },
    }));
    const { user } = renderApp('/disputes', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'My disputes' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Dispute of Concert tickets' });
    expect(within(first).getByText('Provisional credit')).toBeInTheDocument();
    expect(within(first).getByText('$80.00 credited provisionally')).toBeInTheDocument();
    expect(within(first).getByText('We will decide by Jan 11, 2027.')).toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Dispute of Groceries' });
    expect(
      within(second).getByText('Our answer: The two payments were two orders.'),
    ).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this dispute?' });
    expect(
      within(dialog).getByText(/take back the provisional credit of \$80\.00/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Dispute withdrawn')).toBeInTheDocument();
    expect(callsTo('disputes.withdraw')).toEqual([{ id: credited.id }]);
  });
});

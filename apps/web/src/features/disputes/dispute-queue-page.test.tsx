import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { makeDispute } from '../../testing/dispute-fixtures.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

const agent = signedInAs(makeUser({ role: 'support' }));

describe('the disputes queue', () => {
  it('shows the late ones first and credits provisionally', async () => {
    const late = makeDispute({ late: true, creditLate: true });
    const onTime = makeDispute({
      id: '0193a7c2-0000-7000-8000-00000000d003',
      status: 'provisional_credit',
      creditedAmount: 20,
      customer: { id: 'cust-2', name: 'Bob Brown', email: 'bob@example.com' },
    });
    mockProcedure('disputes.queue', (input) =>
      input.state === 'open' ? { data: [late, onTime], late: 1 } : { data: [], late: 0 },
    );
    mockProcedure('disputes.update', () => ({
      message: 'Dispute updated',
      dispute: { ...late, status: 'provisional_credit' as const, creditedAmount: 50 },
    }));
    const { user } = renderApp('/admin/disputes', { session: agent });
    expect(await screen.findByRole('heading', { name: 'Disputes' })).toBeInTheDocument();
    expect(await screen.findByText('1 past a deadline')).toBeInTheDocument();
    const [first, second] = await findBodyRows('Open disputes', 2);
    expectTextsIn(first, ['Late: credit overdue', 'Alice Adams']);
    expect(within(second).getByText('Decide by Jan 11, 2027')).toBeInTheDocument();
    expect(
      within(second).queryByRole('button', { name: 'Credit provisionally' }),
    ).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Credit provisionally' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit provisionally' });
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Credit provisionally' }));
    expect(await within(dialog).findByText('Enter an amount up to $80.00')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Credit provisionally' }));
    expect(await screen.findByText('Dispute updated')).toBeInTheDocument();
    expect(callsTo('disputes.update')).toEqual([
      { id: late.id, status: 'provisional_credit', amount: 50 },
    ]);
  }, 60_000);

  it('denies only with a reason for the customer', async () => {
    const open = makeDispute({ status: 'investigating' });
    mockProcedure('disputes.queue', () => ({ data: [open], late: 0 }));
    mockProcedure('disputes.update', () => ({
      message: 'Dispute updated',
      dispute: { ...open, status: 'denied' as const },
    }));
    const { user } = renderApp('/admin/disputes', { session: agent });
    const table = await screen.findByRole('table', { name: 'Open disputes' });
    await user.click(within(table).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny the dispute' });
    await user.click(within(dialog).getByRole('button', { name: 'Deny the dispute' }));
    expect(
      await within(dialog).findByText('A denial must give the customer a reason'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The payee delivered.');
    await user.click(within(dialog).getByRole('button', { name: 'Deny the dispute' }));
    expect(await screen.findByText('Dispute updated')).toBeInTheDocument();
    expect(callsTo('disputes.update')).toEqual([
      { id: open.id, status: 'denied', reason: 'The payee delivered.' },
    ]);
  }, 60_000);
});

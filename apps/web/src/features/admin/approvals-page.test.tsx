import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { fixture } from '../../testing/fixture.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { makeTransaction, transactionPage } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

type Approval = RouterOutputs['approvals']['list']['data'][number];

const makeApproval = fixture<Approval>(() => ({
  id: '0193a7c2-0000-7000-8000-0000000000a1',
  action: 'reversal',
  status: 'pending',
  summary: 'Reverse $1,500.00 of “Rent”',
  amount: 1500,
  reason: 'Fraud reported',
  makerId: 'maker-1',
  checkerId: null,
  maker: { id: 'maker-1', name: 'Ada Maker' },
  checker: null,
  customer: { id: 'cust-1', name: 'Bob Payee' },
  decisionReason: null,
  result: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
}));

describe('the approvals queue', () => {
  it('approves another administrator’s request after confirmation', async () => {
    const waiting = makeApproval();
    mockProcedure('approvals.list', (input) => ({
      data: input.status === 'pending' ? [waiting] : [],
    }));
    mockProcedures({
      'approvals.approve': () => ({ approval: { ...waiting, status: 'approved' as const } }),
    });
    const { user } = renderApp('/admin/approvals', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Approvals' })).toBeInTheDocument();
    const [row] = await findBodyRows('Approval requests', 1);
    expectTextsIn(row, ['Reverse $1,500.00 of “Rent”', 'Why: Fraud reported', 'Ada Maker']);
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve request' });
    expect(within(dialog).getByText(/asked by Ada Maker\. It runs now\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(callsTo('approvals.approve')).toEqual([{ id: waiting.id }]);
  });

  it('offers no decision on one’s own request, and rejects only with a reason', async () => {
    const mine = makeApproval({ id: '0193a7c2-0000-7000-8000-0000000000a2', makerId: 'user-1' });
    const theirs = makeApproval();
    mockProcedure('approvals.list', () => ({ data: [mine, theirs] }));
    mockProcedure(
      'approvals.reject',
      failing('CONFLICT', 'This request was already approved', {
        reason: 'APPROVAL_CLOSED',
      }),
    );
    const { user } = renderApp('/admin/approvals', { session: adminSession });
    const [own, other] = await findBodyRows('Approval requests', 2);
    expect(within(own).getByText('Waiting for another administrator')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Customer confirmed it');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This request was already approved')).toBeInTheDocument();
    expect(callsTo('approvals.reject')).toEqual([
      { id: theirs.id, reason: 'Customer confirmed it' },
    ]);
  });

  it('shows decided requests with who decided', async () => {
    mockProcedure('approvals.list', (input) => ({
      data:
        input.status === 'rejected'
          ? [
              makeApproval({
                status: 'rejected',
                checker: { id: 'c', name: 'Cy Checker' },
                decisionReason: 'Not fraud',
                decidedAt: '2026-11-27T12:00:00.000Z',
              }),
            ]
          : [],
    }));
    const { user } = renderApp('/admin/approvals', { session: adminSession });
    expect(await screen.findByText('Nothing waiting for approval')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    const table = await screen.findByRole('table', { name: 'Approval requests' });
    expectTextsIn(table, ['Cy Checker', 'Rejected: Not fraud']);
  });
});

describe('reversing from transaction monitoring', () => {
  it('reverses part of a payment with a reason, or says it waits for a second approval', async () => {
    const payment = makeTransaction({
      id: '0193a7c2-0000-7000-8000-0000000000b1',
      type: 'transfer',
      amount: 300,
      description: 'Rent',
      sender: { firstName: 'Alice', lastName: 'Payer', email: 'a@x.io' },
    });
    const reversed = makeTransaction({ type: 'reversal', status: 'completed', reversedAmount: 0 });
    const done = makeTransaction({ amount: 50, reversedAmount: 50 });
    mockProcedure('transactions.all', () => transactionPage([payment, reversed, done]));
    let answerWithApproval = false;
    mockProcedure('transactions.reverse', () =>
      answerWithApproval
        ? { approval: makeApproval() }
        : { transaction: makeTransaction({ type: 'reversal', reverses: payment.id }) },
    );
    const { user } = renderApp('/admin/transactions', { session: adminSession });
    const [first, second, third] = await findBodyRows('Transactions', 3);
    expect(within(second).queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(within(third).getByText('Reversed $50.00')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Reverse Rent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse transaction' });
    expect(within(dialog).getByText(/\$300\.00 is left to reverse/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expectTextsIn(dialog, ['Enter an amount up to $300.00', 'Reason is required']);
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Sent twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Transaction reversed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answerWithApproval = true;
    await user.click(within(first).getByRole('button', { name: 'Reverse Rent' }));
    const again = await screen.findByRole('dialog', { name: 'Reverse transaction' });
    await user.type(within(again).getByLabelText(/Reason/), 'Fraud reported');
    await user.click(within(again).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Sent for a second approval')).toBeInTheDocument();
    expect(callsTo('transactions.reverse')).toEqual([
      { id: payment.id, amount: 100, reason: 'Sent twice' },
      { id: payment.id, reason: 'Fraud reported' },
    ]);
  });
});

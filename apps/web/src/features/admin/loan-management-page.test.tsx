import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { makeLoan, makeLoanDetail } from '../../testing/loan-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

function serveLoans() {
  const loans = [
    makeLoan({
      id: '0193a7c2-0000-7000-8000-00000000000a',
      user: { name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', email: 'grace@x.io' },
    }),
    makeLoan({
      id: '0193a7c2-0000-7000-8000-00000000000b',
      status: 'approved',
      type: 'mortgage',
      amount: 250_000,
    }),
  ];
  mockProcedure('loans.all', (input) => {
    const rows = input.status ? loans.filter((loan) => loan.status === input.status) : loans;
    return { loans: rows, page: 1, count: rows.length, total: rows.length, hasMore: false };
  });
  return loans;
}

describe('admin loan management', () => {
  it('lists applicants and enables the decisions only while pending', async () => {
    serveLoans();
    const { user, router } = renderApp('/admin/loans', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Loan Management' })).toBeInTheDocument();
    const [pending, approved] = await findBodyRows('Loans', 2);
    expectTextsIn(pending, ['Grace Hopper', 'grace@x.io']);
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(approved).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(approved).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ status: 'pending', page: 1 }),
    );
    expect(callsTo('loans.all').at(-1)).toMatchObject({ status: 'pending', page: 1, limit: 10 });
  });

  it('approves after confirmation, and rejects only with a reason', async () => {
    const [loan] = serveLoans();
    mockProcedures({
      'loans.decide': () => ({ message: 'Loan approved and disbursed', loan: makeLoanDetail() }),
    });
    const { user } = renderApp('/admin/loans', { session: adminSession });
    const [pending] = await findBodyRows('Loans', 1);
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and disburse' }));
    expect(await screen.findByText('Loan approved and disbursed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const [again] = await findBodyRows('Loans', 1);
    await user.click(within(again).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject application' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejection reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason for the customer/), 'Income too low');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo('loans.decide')).toEqual([
        { id: loan?.id, status: 'approved', version: 1 },
        { id: loan?.id, status: 'rejected', reason: 'Income too low', version: 1 },
      ]),
    );
  });

  it('on a changed application, says so and shows the application again', async () => {
    serveLoans();
    const changed = 'This application changed since you opened it. Review it again.';
    mockProcedures({
      'loans.decide': failing('CONFLICT', changed, {
        reason: 'APPLICATION_CHANGED',
        figures: { version: 2 },
      }),
    });
    const { user } = renderApp('/admin/loans', { session: adminSession });
    const [pending] = await findBodyRows('Loans', 1);
    const listed = callsTo('loans.all').length;
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and disburse' }));
    expect(await screen.findByText(changed)).toBeInTheDocument();
    // The list is asked again, so the officer reviews what the customer changed.
    await waitFor(() => expect(callsTo('loans.all').length).toBeGreaterThan(listed));
    expect(callsTo('loans.decide')).toEqual([
      { id: '0193a7c2-0000-7000-8000-00000000000a', status: 'approved', version: 1 },
    ]);
  });
});

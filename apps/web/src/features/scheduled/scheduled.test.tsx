import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { expectLinkTo, expectTextsIn } from '../../testing/assertions.ts';
import { fixture } from '../../testing/fixture.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { makePayee } from '../../testing/payee-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';

type Detail = RouterOutputs['scheduled']['byId']['data'];

const payee = makePayee({
  id: '0193a5f0-0000-7000-8000-0000000000b1',
  name: 'Bob Landlord',
  confirmation: { result: 'match', holder: 'Bob L.' },
  createdAt: '2026-11-20T10:00:00.000Z',
});

const makeSchedule = fixture<Detail>(() => ({
  id: '0193a5f0-0000-7000-8000-0000000000c1',
  status: 'active',
  statusReason: null,
  nextRunDate: '2026-12-01',
  payee: {
    id: payee.id,
    name: payee.name,
    accountNumber: '8085',
    bank: 'internal',
    removed: false,
  },
  amount: 1250,
  description: 'Rent',
  frequency: 'monthly',
  startDate: '2026-11-01',
  endDate: null,
  count: 12,
  occurrencesMade: 1,
  createdAt: '2026-10-20T10:00:00.000Z',
  updatedAt: '2026-11-01T05:00:00.000Z',
  occurrences: [
    {
      date: '2026-11-01',
      status: 'completed',
      amount: 1250,
      transactionId: '0193a5f0-0000-7000-8000-0000000000d1',
      reason: null,
      retryAt: null,
    },
  ],
  upcoming: ['2026-12-01', '2027-01-01'],
}));

/** A server that keeps one schedule and applies the customer's changes to it. */
function serveSchedule(initial: Detail) {
  let schedule = initial;
  const answer = (message: string) => ({ message, scheduledTransfer: schedule });
  mockProcedures({
    'scheduled.list': () => ({ data: [schedule] }),
    'scheduled.byId': () => ({ data: schedule }),
    'scheduled.pause': () => {
      schedule = { ...schedule, status: 'paused' };
      return answer('Scheduled transfer paused');
    },
    'scheduled.resume': () => {
      schedule = { ...schedule, status: 'active' };
      return answer('Scheduled transfer resumed');
    },
    'scheduled.cancel': () => {
      schedule = { ...schedule, status: 'cancelled', nextRunDate: null, upcoming: [] };
      return answer('Scheduled transfer cancelled');
    },
    'scheduled.update': (input) => {
      if (input.date === '2026-11-27')
        throw new TrpcMockError(
          'CONFLICT',
          'This payment is due today and can no longer be changed',
        );
      schedule = {
        ...schedule,
        amount: input.amount ?? schedule.amount,
        description: input.description ?? schedule.description,
      };
      return answer('Scheduled transfer updated');
    },
  });
}

describe('scheduled transfers', () => {
  it('lists schedules with their next date and status', async () => {
    serveSchedule(makeSchedule());
    renderApp('/transfers/scheduled', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Scheduled Transfers', level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Scheduled transfers' });
    expect(within(table).getByRole('link', { name: 'Bob Landlord' })).toBeInTheDocument();
    expectTextsIn(table, ['$1,250.00', 'Monthly', '12 payments (1 made)', 'Dec 1, 2026', 'Active']);
  });

  it('shows an empty list with the way to schedule one', async () => {
    mockProcedures({ 'scheduled.list': () => ({ data: [] }) });
    renderApp('/transfers/scheduled', { session: signedInAs() });
    expect(await screen.findByText('No scheduled transfers yet')).toBeInTheDocument();
    expectLinkTo(/Schedule a transfer/, '/transfers/scheduled/new');
  });

  it('shows a schedule’s payments, edits it, pauses, resumes and cancels it', async () => {
    const schedule = makeSchedule();
    serveSchedule(schedule);
    const { user } = renderApp(`/transfers/scheduled/${schedule.id}`, { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Bob Landlord: $1,250.00', level: 1 }),
    ).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expectTextsIn(payments, ['Nov 1, 2026', 'Paid']);
    expect(within(payments).getByRole('link', { name: 'View transaction' })).toHaveAttribute(
      'href',
      '/transactions/0193a5f0-0000-7000-8000-0000000000d1',
    );
    expect(screen.getByText('Dec 1, 2026 · Jan 1, 2027')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled transfer' });
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Scheduled transfer updated')).toBeInTheDocument();
    expect(callsTo('scheduled.update')).toEqual([
      { id: schedule.id, amount: 1300, description: 'Rent' },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Bob Landlord: $1,300.00', level: 1 }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Scheduled transfer paused')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Scheduled transfer resumed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel transfer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel scheduled transfer' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel transfer' }));
    expect(await screen.findByText('Scheduled transfer cancelled')).toBeInTheDocument();
    expect(callsTo('scheduled.cancel')).toEqual([{ id: schedule.id }]);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    // Many steps, each a round trip and a render: more than the default 20 s on a busy machine.
  }, 60_000);

  it('says why a date failed, and why the bank suspended a schedule', async () => {
    serveSchedule(
      makeSchedule({
        status: 'suspended',
        statusReason: 'The payee was removed',
        occurrences: [
          {
            date: '2026-11-01',
            status: 'failed',
            amount: 1250,
            transactionId: null,
            reason: 'Insufficient funds',
            retryAt: null,
          },
        ],
      }),
    );
    renderApp('/transfers/scheduled/0193a5f0-0000-7000-8000-0000000000c1', {
      session: signedInAs(),
    });
    expect(await screen.findByText('The payee was removed')).toBeInTheDocument();
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expectTextsIn(payments, ['Failed', 'Insufficient funds']);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('schedules monthly rent to a payee, with a number of payments', async () => {
    const created = makeSchedule({ occurrences: [], occurrencesMade: 0 });
    mockProcedures({
      'payees.list': () => ({ data: [payee] }),
      'scheduled.create': () => ({ message: 'Transfer scheduled', scheduledTransfer: created }),
      'scheduled.byId': () => ({ data: created }),
    });
    const { user } = renderApp(`/transfers/scheduled/new?payee=${payee.id}&amount=1250`, {
      session: signedInAs(),
    });
    expect(
      await screen.findByRole('heading', { name: 'Schedule a Transfer', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/Pay to/)).toHaveValue(payee.id);
    expect(screen.getByLabelText(/Amount/)).toHaveValue('1250');
    await user.type(screen.getByLabelText(/Description/), 'Rent');
    await user.selectOptions(screen.getByLabelText(/How often/), 'monthly');
    const start = screen.getByLabelText(/First payment/);
    await user.clear(start);
    await user.type(start, '2099-12-31');
    await user.selectOptions(screen.getByLabelText(/Ends/), 'after');
    await user.click(screen.getByRole('button', { name: 'Schedule Transfer' }));
    expect(
      await screen.findByText('Number of payments must be a whole number'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Number of payments/), '12');
    await user.click(screen.getByRole('button', { name: 'Schedule Transfer' }));
    expect(await screen.findByText('Transfer scheduled')).toBeInTheDocument();
    expect(callsTo('scheduled.create')).toEqual([
      {
        payeeId: payee.id,
        amount: 1250,
        description: 'Rent',
        frequency: 'monthly',
        startDate: '2099-12-31',
        count: 12,
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Bob Landlord: $1,250.00', level: 1 }),
    ).toBeInTheDocument();
  });
});

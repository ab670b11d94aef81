import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { makeUserDetail, renderUserPage } from '../../testing/admin-user-fixtures.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { fixture } from '../../testing/fixture.ts';
import { callsTo } from '../../testing/trpc-msw.ts';

type Schedule = RouterOutputs['scheduled']['ofUser']['data'][number];

const detail = makeUserDetail({
  user: {
    id: '0193a5f0-0000-7000-8000-000000000002',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  },
});

const schedule = fixture<Schedule>(() => ({
  id: '0193a5f0-0000-7000-8000-0000000000s1',
  status: 'active',
  statusReason: null,
  nextRunDate: '2026-12-01',
  payee: {
    id: 'p1',
    name: 'Landlord LLC',
    accountNumber: '6789',
    bank: 'internal',
    removed: false,
  },
  amount: 1200,
  description: 'Rent',
  frequency: 'monthly',
  startDate: '2026-11-01',
  endDate: null,
  count: null,
  occurrencesMade: 1,
  createdAt: '2026-10-20T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
}));

describe('a customer’s scheduled transfers on the admin user page', () => {
  it('lists what they pay and when, and cancels one after a confirmation', async () => {
    let cancelled = false;
    const { user } = renderUserPage(detail, {
      'scheduled.ofUser': () => ({
        data: [
          schedule(cancelled ? { status: 'cancelled', nextRunDate: null } : {}),
          schedule({
            id: '0193a5f0-0000-7000-8000-0000000000s2',
            status: 'suspended',
            statusReason: 'The payee was removed',
            payee: {
              id: 'p2',
              name: 'Gym',
              accountNumber: '1111',
              bank: 'internal',
              removed: true,
            },
            amount: 35,
            description: '',
            frequency: 'weekly',
          }),
        ],
      }),
      'scheduled.staffCancel': (input) => {
        cancelled = true;
        return {
          message: 'Scheduled transfer cancelled',
          scheduledTransfer: schedule({ id: input.id, status: 'cancelled' }),
        };
      },
    });
    // The first render of the file loads the user page's chunk: it may take longer than 5 s.
    const [rent, gym] = await findBodyRows('Scheduled transfers', 2, { timeout: 15_000 });
    expectTextsIn(rent, ['Landlord LLC (••••6789)', 'Rent', '$1,200.00', 'Monthly', 'Dec 1, 2026']);
    expectTextsIn(gym, ['Suspended', 'The payee was removed']);

    await user.click(
      within(rent).getByRole('button', { name: 'Cancel the transfer to Landlord LLC' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel scheduled transfer' });
    expect(
      within(dialog).getByText(
        'No more payments of $1,200.00 to Landlord LLC will be made. The customer is told.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    expect(await screen.findByText('Scheduled transfer cancelled')).toBeInTheDocument();
    expect(callsTo('scheduled.staffCancel')).toEqual([
      { id: '0193a5f0-0000-7000-8000-0000000000s1' },
    ]);
    // Cancelled: no button to cancel it again.
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Cancel the transfer to Landlord LLC' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says when the customer has none', async () => {
    renderUserPage(detail);
    expect(
      await screen.findByText('No scheduled transfers', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

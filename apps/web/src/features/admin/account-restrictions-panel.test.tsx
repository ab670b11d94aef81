import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { makeUserDetail, renderUserPage } from '../../testing/admin-user-fixtures.ts';
import { fixture } from '../../testing/fixture.ts';
import { callsTo } from '../../testing/trpc-msw.ts';

type Restricted = RouterOutputs['restrictions']['ofUser']['accounts'][number];

const detail = makeUserDetail({
  user: { id: '0193a5f0-0000-7000-8000-000000000001' },
  accounts: [
    {
      id: 'a1',
      accountNumber: '555000111222',
      type: 'checking',
      currency: 'USD',
      balance: 250,
      createdAt: '2026-01-02T10:00:00.000Z',
    },
  ],
  balance: 250,
  auditEvents: [
    {
      id: 'e1',
      event: 'account.hold_placed',
      ip: null,
      details: null,
      byAdministrator: false,
      actor: { id: 's1', name: 'Sam Lee', role: 'support' },
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
});

const activeHold: Restricted['holds'][number] = {
  id: '0193a5f0-0000-7000-8000-0000000000a1',
  accountNumber: '555000111222',
  amount: 50,
  reason: 'Disputed deposit',
  expiresAt: '2026-12-02T23:59:59.999Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  releasedAt: null,
  active: true,
};

const account = fixture<Restricted>(() => ({
  accountNumber: '555000111222',
  balance: 250,
  available: 200,
  held: 50,
  freeze: null,
  holds: [activeHold],
}));

describe('freezes and holds on the admin user page', () => {
  it('freezes debits with a reason, and names who acted in the audit events', async () => {
    let frozen = false;
    const { user } = renderUserPage(detail, {
      'restrictions.ofUser': () => ({
        accounts: [
          account(
            frozen
              ? {
                  freeze: {
                    mode: 'debits',
                    reason: 'Fraud review',
                    expiresAt: null,
                    frozenAt: '2026-11-27T10:00:00.000Z',
                    fraud: true,
                  },
                }
              : {},
          ),
        ],
      }),
      'restrictions.freeze': (input) => {
        frozen = true;
        return {
          message: 'Account frozen',
          freeze: {
            accountNumber: input.accountNumber,
            mode: input.mode,
            reason: input.reason,
            expiresAt: null,
            frozenAt: '2026-11-27T10:00:00.000Z',
            fraud: input.fraud ?? false,
          },
        };
      },
    });
    // The first render of the file loads the user page's chunk: it may take longer than 5 s.
    const form = await screen.findByRole(
      'form',
      { name: 'Freeze account 555000111222' },
      { timeout: 15_000 },
    );
    expect(
      screen.getByText('Balance $250.00 · Available $200.00 · On hold $50.00'),
    ).toBeInTheDocument();
    expect(screen.getByText('by Sam Lee (support agent)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Freeze account' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), 'Fraud review');
    await user.click(within(form).getByRole('checkbox', { name: /Suspected fraud/ }));
    await user.click(within(form).getByRole('button', { name: 'Freeze account' }));
    expect(await screen.findByText('Account frozen')).toBeInTheDocument();
    expect(callsTo('restrictions.freeze')).toEqual([
      { accountNumber: '555000111222', mode: 'debits', fraud: true, reason: 'Fraud review' },
    ]);
    expect(await screen.findByRole('button', { name: 'Lift freeze' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Fraud review')).toBeInTheDocument();
    expect(screen.getByText('Suspected fraud')).toBeInTheDocument();
  });

  it('lifts a freeze, releases a hold and places one', async () => {
    const { user } = renderUserPage(detail, {
      'restrictions.ofUser': () => ({
        accounts: [
          account({
            freeze: {
              mode: 'all',
              reason: 'Court order',
              expiresAt: null,
              frozenAt: null,
              fraud: false,
            },
          }),
        ],
      }),
      'restrictions.unfreeze': () => ({ message: 'Freeze lifted' }),
      'restrictions.releaseHold': () => ({
        message: 'Hold released',
        hold: { ...activeHold, releasedAt: '2026-11-27T10:00:00.000Z', active: false },
      }),
      'restrictions.placeHold': (input) => ({
        message: 'Hold placed',
        hold: { ...activeHold, amount: input.amount },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Lift freeze' }));
    expect(await screen.findByText('Freeze lifted')).toBeInTheDocument();
    const holds = screen.getByRole('list', { name: 'Holds' });
    expect(within(holds).getByText('Disputed deposit')).toBeInTheDocument();
    await user.click(within(holds).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Hold released')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Hold an amount on 555000111222' });
    await user.type(within(form).getByLabelText('Amount (USD)'), '25');
    await user.type(within(form).getByLabelText('Hold reason'), 'Chargeback');
    await user.type(within(form).getByLabelText('Until'), '2026-12-02');
    await user.click(within(form).getByRole('button', { name: 'Place hold' }));
    await waitFor(() =>
      expect(callsTo('restrictions.placeHold')).toEqual([
        {
          accountNumber: '555000111222',
          amount: 25,
          reason: 'Chargeback',
          expiresAt: '2026-12-02',
        },
      ]),
    );
    expect(callsTo('restrictions.unfreeze')).toEqual([{ accountNumber: '555000111222' }]);
  });
});

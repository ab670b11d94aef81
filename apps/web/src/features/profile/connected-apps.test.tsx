import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

const ada = signedInAs(makeUser());

const budgetBuddy = {
  clientId: 'app_k3v7q2m9x4t8b6n5w2c1',
  name: 'Budget Buddy',
  scopes: [
    { scope: 'accounts:read' as const, description: 'See your account number and balance' },
    { scope: 'transactions:read' as const, description: 'See your transactions' },
  ],
  grantedAt: '2026-11-20T15:10:00.000Z',
  lastUsedAt: null,
};

describe('Connected apps (Profile)', () => {
  it('lists what each app may do, since when and its last use; disconnecting asks, then revokes', async () => {
    let connected = [budgetBuddy];
    mockProcedure('partners.connectedApps', () => connected);
    mockProcedure('partners.revokeConnectedApp', () => {
      connected = [];
      return { message: 'App disconnected' };
    });
    const { user } = renderApp('/profile', { session: ada });
    await user.click(await screen.findByRole('tab', { name: 'Connected apps' }));
    const list = await screen.findByRole('list', { name: 'Connected apps' });
    // One card per app; each card holds its own list of what the app may do.
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('heading', { name: 'Budget Buddy' })).toBeInTheDocument();
    expect(within(card).getByText('Connected Nov 20, 2026 · Not used yet')).toBeInTheDocument();
    expect(within(card).getByText('See your account number and balance')).toBeInTheDocument();
    expect(within(card).getByText('See your transactions')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Disconnect Budget Buddy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect app' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('App disconnected')).toBeInTheDocument();
    expect(callsTo('partners.revokeConnectedApp')).toEqual([{ clientId: budgetBuddy.clientId }]);
    expect(await screen.findByText('No connected apps')).toBeInTheDocument();
  });

  it('is a customer’s tab only', async () => {
    renderApp('/profile', { session: signedInAs(makeUser({ role: 'support' })) });
    await screen.findByRole('heading', { name: 'Account Settings' });
    expect(screen.queryByRole('tab', { name: 'Connected apps' })).not.toBeInTheDocument();
  });
});

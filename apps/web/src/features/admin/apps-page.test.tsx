import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

type PartnerApp = RouterOutputs['partners']['listApps'][number];

const budgetBuddy: PartnerApp = {
  clientId: 'app_k3v7q2m9x4t8b6n5w2c1',
  name: 'Budget Buddy',
  redirectUris: ['https://budgetbuddy.example/callback'],
  scopes: ['accounts:read', 'transactions:read'],
  status: 'active',
  connectedCustomers: 3,
  createdAt: '2026-11-20T15:02:00.000Z',
  secretRotatedAt: null,
  disabledAt: null,
};

describe('admin apps', () => {
  it('lists apps with their redirect URIs, scopes and customers', async () => {
    mockProcedure('partners.listApps', () => [budgetBuddy]);
    renderApp('/admin/apps', { session: adminSession });
    const [row] = await findBodyRows('Registered apps', 1);
    expectTextsIn(row, [
      'Budget Buddy',
      budgetBuddy.clientId,
      'https://budgetbuddy.example/callback',
      'accounts:read',
      'transactions:read',
      '3',
      'Active',
      'Nov 20, 2026',
    ]);
    expect(within(row).getByRole('link', { name: 'Webhooks of Budget Buddy' })).toHaveAttribute(
      'href',
      `/admin/webhooks?clientId=${budgetBuddy.clientId}`,
    );
  });

  it('registers an app, checks the form first, and shows the secret once', async () => {
    let apps: PartnerApp[] = [];
    mockProcedure('partners.listApps', () => apps);
    mockProcedure('partners.createApp', (input) => {
      const app = { ...budgetBuddy, name: input.name, connectedCustomers: 0 };
      apps = [app];
      return { app, clientSecret: 'secret_7dq2xk4m9v3b8n6t5w1c2z7y4r3p6s8a9e2f5g3h7j4k1m6n8q' };
    });
    const { user } = renderApp('/admin/apps', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Register app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register app' });
    await user.type(within(dialog).getByLabelText(/Redirect URIs/), 'http://evil.example/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('App name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Line 1: Enter an https:\/\//)).toBeInTheDocument();
    expect(callsTo('partners.createApp')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/App name/), 'Budget Buddy');
    const uris = within(dialog).getByLabelText(/Redirect URIs/);
    await user.clear(uris);
    await user.type(uris, 'https://budgetbuddy.example/callback');
    await user.click(within(dialog).getByRole('checkbox', { name: /transactions:read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /accounts:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const secret = await screen.findByRole('alertdialog', { name: 'Credentials for Budget Buddy' });
    expect(
      within(secret).getByText('Copy the secret now: it is shown only this once.'),
    ).toBeInTheDocument();
    expect(
      within(secret).getByText('secret_7dq2xk4m9v3b8n6t5w1c2z7y4r3p6s8a9e2f5g3h7j4k1m6n8q'),
    ).toBeInTheDocument();
    expect(callsTo('partners.createApp')).toEqual([
      {
        name: 'Budget Buddy',
        redirectUris: ['https://budgetbuddy.example/callback'],
        scopes: ['accounts:read', 'transactions:read'],
      },
    ]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('table', { name: 'Registered apps' })).toBeInTheDocument();
  });

  it('rotates a secret and disables an app after asking', async () => {
    let apps: PartnerApp[] = [budgetBuddy];
    mockProcedure('partners.listApps', () => apps);
    mockProcedure('partners.rotateAppSecret', () => ({
      app: budgetBuddy,
      clientSecret: 'secret_newnewnewnewnewnewnewnewnewnewnewnewnewnewnewnew',
    }));
    mockProcedure('partners.disableApp', () => {
      const app: PartnerApp = {
        ...budgetBuddy,
        status: 'disabled',
        disabledAt: '2026-11-27T09:30:00.000Z',
      };
      apps = [app];
      return app;
    });
    const { user } = renderApp('/admin/apps', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret of Budget Buddy' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Rotate secret' });
    await user.click(within(ask).getByRole('button', { name: 'Rotate' }));
    const secret = await screen.findByRole('alertdialog', { name: 'Credentials for Budget Buddy' });
    expect(
      within(secret).getByText('secret_newnewnewnewnewnewnewnewnewnewnewnewnewnewnewnew'),
    ).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    // The page behind a dialog is inert until the dialog has finished closing.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Disable Budget Buddy' }));
    const disable = await screen.findByRole('alertdialog', { name: 'Disable app' });
    await user.click(within(disable).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Budget Buddy disabled')).toBeInTheDocument();
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(callsTo('partners.disableApp')).toEqual([{ clientId: budgetBuddy.clientId }]);
  });
});

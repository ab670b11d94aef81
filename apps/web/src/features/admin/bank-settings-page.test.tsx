import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { makeBankSettings } from '../../testing/settings-fixtures.ts';
import { callsTo, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';
import { retype } from '../../testing/user-actions.ts';

const settings = makeBankSettings();

/** The settings, and a save answered with the change applied (or failing while `fails`). */
function mockSettingsSaves(fails = () => false) {
  mockProcedures({
    'settings.get': () => settings,
    'settings.update': (input) => {
      if (fails()) throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'Boom');
      return {
        message: 'Settings updated successfully',
        settings: { ...settings, ...input, fourEyes: { ...settings.fourEyes, ...input.fourEyes } },
      };
    },
  });
}

describe('admin bank settings', () => {
  it('shows the saved settings in docs/product.md’s four groups', async () => {
    mockProcedures({ 'settings.get': () => settings });
    renderApp('/admin/settings', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Bank Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Bank name')).toHaveValue('Horizon Bank');
    for (const group of [
      'Bank Information',
      'Transaction Limits',
      'Interest Rates',
      'System Settings',
    ])
      expect(screen.getByRole('heading', { name: group })).toBeInTheDocument();
    expect(await screen.findByLabelText('Bank name')).toHaveValue('Horizon Bank');
    expect(screen.getByLabelText('Transfer limit')).toHaveValue(50000);
    expect(screen.getByLabelText('Mortgage')).toHaveValue(6.5);
    expect(screen.getByLabelText('Mortgage')).toHaveAttribute('step', '0.1');
    expect(screen.getByRole('checkbox', { name: /Maintenance mode/ })).not.toBeChecked();
  });

  it('shows docs/product.md 5’s messages under each field once touched', async () => {
    mockProcedures({ 'settings.get': () => settings });
    const { user } = renderApp('/admin/settings', { session: adminSession });
    const name = await screen.findByLabelText('Bank name');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Bank name is required')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Support email'));
    await user.clear(screen.getByLabelText('Support phone'));
    await user.clear(screen.getByLabelText('Transfer limit'));
    await retype(user, 'Withdrawal limit', '-5');
    await retype(user, 'Savings', '-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Support email is required')).toBeInTheDocument();
    expect(screen.getByText('Support phone is required')).toBeInTheDocument();
    expect(screen.getByText('Transfer limit is required')).toBeInTheDocument();
    expect(screen.getByText('Withdrawal limit must be positive')).toBeInTheDocument();
    expect(screen.getByText('Interest rate cannot be negative')).toBeInTheDocument();
    expect(callsTo('settings.update')).toEqual([]);
  });

  it('edits the bank’s routing number, refusing one that fails the ABA check', async () => {
    mockSettingsSaves();
    const { user } = renderApp('/admin/settings', { session: adminSession });
    const routing = await screen.findByLabelText(/Routing number/);
    expect(routing).toHaveValue('121098768');
    await user.clear(routing);
    await user.type(routing, '121098769');
    await user.tab();
    expect(await screen.findByText('Invalid routing number')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(callsTo('settings.update')).toEqual([]);
    await user.clear(routing);
    await user.type(routing, '021000021');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(callsTo('settings.update')).toEqual([
      expect.objectContaining({ routingNumber: '021000021' }),
    ]);
  });

  it('saves, says so for 3 seconds, and shows a failure in the red box', async () => {
    let fail = false;
    mockSettingsSaves(() => fail);
    const { user } = renderApp('/admin/settings', { session: adminSession });
    await user.clear(await screen.findByLabelText('Transfer limit'));
    await user.type(screen.getByLabelText('Transfer limit'), '1000');
    await user.click(screen.getByRole('checkbox', { name: /Maintenance mode/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(callsTo('settings.update')).toEqual([
      expect.objectContaining({ transferLimit: 1000, maintenanceMode: true }),
    ]);
    // docs/product.md 9: cleared after 3000 ms.
    await waitFor(
      () => expect(screen.queryByText('Settings updated successfully')).not.toBeInTheDocument(),
      { timeout: 4500 },
    );
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update settings');
  });

  it('shows and saves the support quotas, with their messages', async () => {
    mockSettingsSaves();
    const { user } = renderApp('/admin/settings', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Support Quotas' })).toBeInTheDocument();
    expect(screen.getByLabelText('Attachments a day')).toHaveValue(50);
    expect(screen.getByLabelText('Attachments in all')).toHaveValue(500);
    expect(screen.getByLabelText('Tickets a minute')).toHaveValue(5);
    expect(screen.getByLabelText('Tickets a day')).toHaveValue(20);
    expect(screen.getByLabelText('Chat messages a minute')).toHaveValue(30);

    await retype(user, 'Tickets a minute', '0');
    await user.tab();
    expect(await screen.findByText('Tickets a minute must be 1 or more')).toBeInTheDocument();
    await retype(user, 'Tickets a minute', '3');
    await retype(user, 'Attachments a day', '20');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(callsTo('settings.update')).toEqual([
      expect.objectContaining({
        supportQuotas: {
          attachmentMbPerDay: 20,
          attachmentMbTotal: 500,
          ticketsPerMinute: 3,
          ticketsPerDay: 20,
          chatMessagesPerMinute: 30,
        },
      }),
    ]);
  });
});

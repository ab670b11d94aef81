import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { makeBankSettings } from '../../testing/settings-fixtures.ts';
import { defaultBankProfile, mockProcedure, TrpcMockError } from '../../testing/trpc-msw.ts';
import { effectsOf } from '../realtime/events.ts';

const maintenanceError = () =>
  new TrpcMockError(
    'SERVICE_UNAVAILABLE',
    'The bank is under maintenance. Please try again later.',
    { reason: 'MAINTENANCE' },
  );

const underMaintenance = () => ({ ...defaultBankProfile, maintenanceMode: true });

describe('maintenance mode', () => {
  it('shows customers the maintenance page instead of their screens', async () => {
    mockProcedure('settings.public', underMaintenance);
    mockProcedure('cards.list', () => {
      throw maintenanceError();
    });
    renderApp('/my-cards', { session: signedInAs(makeUser()) });
    expect(await screen.findByRole('heading', { name: 'We’ll be back soon' })).toBeInTheDocument();
    expect(
      screen.getByText('The bank is under maintenance. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@horizonbank.example' })).toBeInTheDocument();
  });

  it('switches to the maintenance page when a call answers 503 MAINTENANCE', async () => {
    let on = false;
    mockProcedure('settings.public', () => ({ ...defaultBankProfile, maintenanceMode: on }));
    mockProcedure('cards.list', () => {
      on = true;
      throw maintenanceError();
    });
    renderApp('/my-cards', { session: signedInAs(makeUser()) });
    expect(await screen.findByRole('heading', { name: 'We’ll be back soon' })).toBeInTheDocument();
  });

  it('lets administrators work, with a banner', async () => {
    mockProcedure('settings.public', underMaintenance);
    mockProcedure('settings.get', () => makeBankSettings({ maintenanceMode: true }));
    renderApp('/admin/settings', { session: adminSession });
    expect(await screen.findByText('Maintenance mode is on')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bank Settings' })).toBeInTheDocument();
  });

  it('turns the live notice into a persistent warning, and its end into a short success', () => {
    const begun = effectsOf({
      type: 'system:maintenance',
      data: {
        active: true,
        message: 'The bank is under maintenance. Please try again later.',
        infoUrl: '/maintenance',
      },
    });
    expect(begun).toMatchObject({
      maintenance: true,
      notification: {
        id: 'maintenance',
        type: 'warning',
        duration: 0,
        action: { label: 'Learn More' },
      },
    });
    const ended = effectsOf({
      type: 'system:maintenance',
      data: {
        active: false,
        message: 'Maintenance is over. Online banking is available again.',
        infoUrl: '/maintenance',
      },
    });
    expect(ended).toMatchObject({
      maintenance: false,
      notification: { id: 'maintenance', type: 'success' },
    });
    expect(ended.notification?.duration).toBeUndefined();
  });
});

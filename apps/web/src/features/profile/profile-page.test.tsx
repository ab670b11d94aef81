import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

const ada = makeUser();

describe('profile page', () => {
  it('opens on the Profile tab and saves changes with a toast', async () => {
    mockProcedure('auth.updateProfile', (input) => ({
      ...ada,
      firstName: input.firstName ?? 'Augusta',
    }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    const firstName = screen.getByLabelText(/First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(callsTo('auth.updateProfile')).toEqual([
      {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        phoneNumber: '+15551234567',
        address: ada.address,
      },
    ]);
  });

  it('shows a failed save as an error toast', async () => {
    mockProcedure('auth.updateProfile', failing('INTERNAL_SERVER_ERROR', 'boom'));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('An unexpected error occurred. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('persists notification preferences', async () => {
    mockProcedure('auth.updateNotificationPreferences', (input) => ({
      ...ada,
      notificationPreferences: { ...ada.notificationPreferences, ...input },
    }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const marketing = await screen.findByRole('checkbox', { name: 'Marketing Communications' });
    expect(marketing).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Transaction Notifications' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Security Alerts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Support Replies' })).toBeChecked();
    await user.click(marketing);
    await user.click(screen.getByRole('checkbox', { name: 'Security Alerts' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Notification preferences updated')).toBeInTheDocument();
    expect(callsTo('auth.updateNotificationPreferences')).toEqual([
      {
        transactionNotifications: true,
        securityAlerts: false,
        marketingCommunications: true,
        supportReplies: true,
      },
    ]);
  });

  it('changes the password from the Security tab', async () => {
    mockProcedure('auth.changePassword', () => ({ message: 'Password changed successfully' }));
    mockProcedure('auth.staffActivity', () => ({ data: [] }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await user.type(await screen.findByLabelText(/^Current password/), 'Old#pass2026');
    await user.type(screen.getByLabelText(/^New password/), 'New#pass2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(callsTo('auth.changePassword')).toEqual([
      { currentPassword: 'Old#pass2026', newPassword: 'New#pass2026' },
    ]);
  });

  it('lists under Security what staff opened and did, with role, time and reason', async () => {
    mockProcedure('auth.staffActivity', () => ({
      data: [
        {
          id: 'a1',
          event: 'user.updated',
          kind: 'action' as const,
          role: 'admin' as const,
          reason: null,
          createdAt: '2026-11-20T15:00:00.000Z',
        },
        {
          id: 'a2',
          event: 'staff.viewed_profile',
          kind: 'view' as const,
          role: 'support' as const,
          reason: 'Checking a complaint',
          createdAt: '2026-11-20T14:00:00.000Z',
        },
      ],
    }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    const list = await screen.findByRole('list', { name: 'Staff access' });
    const [action, view] = within(list).getAllByRole('listitem');
    if (!action || !view) throw new Error('entries missing');
    expect(within(action).getByText('Changed your details or limits')).toBeInTheDocument();
    expect(within(action).getByText('Administrator')).toBeInTheDocument();
    expect(within(action).getByText('Action')).toBeInTheDocument();
    expect(within(view).getByText('Opened your profile and transactions')).toBeInTheDocument();
    expect(
      within(view).getByText('Support agent · Reason: Checking a complaint'),
    ).toBeInTheDocument();
    expect(within(view).getByText('Viewed')).toBeInTheDocument();
  });

  it('says so when no staff member opened the account', async () => {
    mockProcedure('auth.staffActivity', () => ({ data: [] }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(await screen.findByText('No staff member has opened your account.')).toBeInTheDocument();
  });

  it('sets up two-factor authentication and shows the recovery codes once', async () => {
    mockProcedure('auth.setup2fa', () => ({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/x',
      qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    }));
    mockProcedure('auth.enable2fa', () => ({
      recoveryCodes: ['abcde-12345', 'fghij-67890'],
      user: { ...ada, twoFactorEnabled: true, isTwoFactorVerified: true },
    }));
    const { user } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('tab', { name: 'Two-Factor Auth' }));
    await user.click(
      await screen.findByRole('button', { name: 'Enable Two-Factor Authentication' }),
    );
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('2FA setup successful')).toBeInTheDocument();
    expect(screen.getByText('abcde-12345')).toBeInTheDocument();
    expect(callsTo('auth.enable2fa')).toEqual([{ code: '123456' }]);
  });

  it('disables two-factor authentication with a code', async () => {
    const protectedAda = makeUser({ twoFactorEnabled: true, isTwoFactorVerified: true });
    mockProcedure('auth.disable2fa', () => ({
      message: 'Two-factor authentication disabled',
      user: { ...protectedAda, twoFactorEnabled: false },
    }));
    const { user } = renderApp('/profile', { session: signedInAs(protectedAda) });
    await user.click(await screen.findByRole('tab', { name: 'Two-Factor Auth' }));
    expect(await screen.findByText('Two-factor authentication is enabled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.type(await screen.findByLabelText(/recovery code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Enable Two-Factor Authentication' }),
      ).toBeInTheDocument(),
    );
    expect(callsTo('auth.disable2fa')).toEqual([{ code: '654321' }]);
  });
});

describe('an expired session', () => {
  it('signs out locally and asks to sign in again', async () => {
    mockProcedure(
      'auth.updateProfile',
      failing('UNAUTHORIZED', 'Your session has expired. Please sign in again.'),
    );
    const { user, router } = renderApp('/profile', { session: signedInAs(ada) });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/profile' });
    expect(screen.getAllByText('Your session has expired. Please sign in again.')).toHaveLength(1);
  });
});

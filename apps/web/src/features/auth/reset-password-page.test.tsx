import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

describe('reset password page', () => {
  it('without a token explains that the link is invalid', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(
      screen.getByText('The password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expectLinkTo('Request a new reset link', '/forgot-password');
  });

  it('with a token resets the password and returns to sign-in with a message', async () => {
    mockProcedure('auth.resetPassword', () => ({ message: 'Password reset successful' }));
    const { user, router } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh#2026pw');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#2026pw');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Password reset successful. Please sign in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('auth.resetPassword')).toEqual([{ token: 'abc123', password: 'Fresh#2026pw' }]);
  });

  it('from the invitation e-mail sets the first password, in words of its own', async () => {
    mockProcedure('auth.resetPassword', () => ({ message: 'Password reset successful' }));
    const { user, router } = renderApp('/set-password?token=welcome1');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(document.title).toBe('Set Password · Horizon Bank');
    expect(screen.queryByText(/reset/i)).toBeNull();
    await user.type(screen.getByLabelText(/^New password/), 'Fresh#2026pw');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#2026pw');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password is set. Please sign in with it.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('auth.resetPassword')).toEqual([
      { token: 'welcome1', password: 'Fresh#2026pw' },
    ]);
  });
});

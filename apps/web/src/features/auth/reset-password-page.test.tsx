import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo, expectPageSaying } from '../../testing/assertions.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

/**
 * Types a new password twice and sends it with `button`: the app goes to sign-in, saying
 * `message`.
 */
async function choosePassword(app: ReturnType<typeof renderApp>, button: string, message: string) {
  const { user, router } = app;
  await user.type(await screen.findByLabelText(/^New password/), 'Fresh#2026pw');
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#2026pw');
  await user.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
}

describe('reset password page', () => {
  it('without a token explains that the link is invalid', async () => {
    renderApp('/reset-password');
    await expectPageSaying(
      'Invalid Reset Link',
      'The password reset link is invalid or has expired.',
    );
    expectLinkTo('Request a new reset link', '/forgot-password');
  });

  it('with a token resets the password and returns to sign-in with a message', async () => {
    mockProcedure('auth.resetPassword', () => ({ message: 'Password reset successful' }));
    await choosePassword(
      renderApp('/reset-password?token=abc123'),
      'Reset password',
      'Password reset successful. Please sign in with your new password.',
    );
    expect(callsTo('auth.resetPassword')).toEqual([{ token: 'abc123', password: 'Fresh#2026pw' }]);
  });

  it('from the invitation e-mail sets the first password, in words of its own', async () => {
    mockProcedure('auth.resetPassword', () => ({ message: 'Password reset successful' }));
    const app = renderApp('/set-password?token=welcome1');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(document.title).toBe('Set Password · Horizon Bank');
    expect(screen.queryByText(/reset/i)).toBeNull();
    await choosePassword(app, 'Set password', 'Your password is set. Please sign in with it.');
    expect(callsTo('auth.resetPassword')).toEqual([
      { token: 'welcome1', password: 'Fresh#2026pw' },
    ]);
  });
});

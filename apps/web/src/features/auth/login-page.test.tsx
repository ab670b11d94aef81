import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

describe('login page', () => {
  it('puts the focus in the e-mail field on arrival', async () => {
    renderApp('/login');
    const email = await screen.findByLabelText(/Email address/);
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('shows the validation messages once fields are touched', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(callsTo('auth.login')).toHaveLength(0);
  });

  it('shows the server error in a red box above the form and re-enables the button', async () => {
    mockProcedure('auth.login', failing('UNAUTHORIZED', 'Invalid email or password'));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong#pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(callsTo('auth.login')).toEqual([
      { email: 'ada@example.com', password: 'Wrong#pass1', rememberMe: false },
    ]);
  });

  it('goes to the two-factor step when the server asks for it', async () => {
    const pending = makeUser({ twoFactorEnabled: true, twoFactorRequired: true });
    mockProcedure('auth.login', () => ({ user: pending, twoFactorRequired: true }));
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Right#pass1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/2fa-verification');
    expect(callsTo('auth.login')).toEqual([
      { email: 'ada@example.com', password: 'Right#pass1', rememberMe: true },
    ]);
  });

  it('returns to the page the visitor came from after signing in', async () => {
    const ada = makeUser();
    mockProcedure('auth.login', () => ({ user: ada, twoFactorRequired: false }));
    const { user, router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Right#pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('sends an unverified account to verify-email with its address', async () => {
    // verify-email asks whether the development mailbox is on.
    mockProcedure('dev.mailbox', () => ({ messages: [] }));
    mockProcedure(
      'auth.login',
      failing('FORBIDDEN', 'Please verify your email address before signing in.', {
        reason: 'EMAIL_NOT_VERIFIED',
      }),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/Email address/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Right#pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  it('shows the message handed over by reset-password in a success box', async () => {
    renderApp('/login', {
      state: { message: 'Password reset successful. Please sign in with your new password.' },
    });
    expect(
      await screen.findByText('Password reset successful. Please sign in with your new password.'),
    ).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

describe('verify email page', () => {
  it('without token, e-mail or flag shows an invalid link', async () => {
    renderApp('/verify-email');
    expect(
      await screen.findByRole('heading', { name: 'Invalid Verification Link' }),
    ).toBeInTheDocument();
  });

  it('with the e-mail in navigation state offers a resend that really resends', async () => {
    mockProcedure('auth.resendVerification', () => ({ message: 'Verification email resent!' }));
    mockProcedure('dev.mailbox', failing('NOT_FOUND', 'Not found'));
    const { user } = renderApp('/verify-email', { state: { email: 'ada@example.com' } });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email resent!')).toBeInTheDocument();
    expect(callsTo('auth.resendVerification')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('in development, links the mailbox of that address (the footprint and page-speed review)', async () => {
    mockProcedure('dev.mailbox', () => ({ messages: [] }));
    renderApp('/verify-email', { state: { email: 'ada+1@example.com' } });
    const link = await screen.findByRole('link', { name: /development mailbox/ });
    expect(link).toHaveAttribute('href', '/dev/mailbox?to=ada%2B1%40example.com');
  });

  it('with SMTP configured (no mailbox), does not mention one', async () => {
    mockProcedure('dev.mailbox', failing('NOT_FOUND', 'Not found'));
    renderApp('/verify-email', { state: { email: 'ada@example.com' } });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('dev.mailbox')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /development mailbox/ })).toBeNull();
  });

  it('verifies a token once and goes to sign-in with a message', async () => {
    mockProcedure('auth.verifyEmail', () => ({ message: 'Email verified successfully' }));
    const { router } = renderApp('/verify-email?token=tok-1');
    expect(
      await screen.findByText('Email verified successfully. Please sign in.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('auth.verifyEmail')).toEqual([{ token: 'tok-1' }]);
  });

  it('shows the failure with a link back to sign-in', async () => {
    mockProcedure(
      'auth.verifyEmail',
      failing('BAD_REQUEST', 'The link is invalid or has expired.'),
    );
    renderApp('/verify-email?token=expired');
    expect(await screen.findByText('The link is invalid or has expired.')).toBeInTheDocument();
    expectLinkTo('Return to sign in', '/login');
  });
});

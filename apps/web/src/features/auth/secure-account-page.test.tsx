import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure } from '../../testing/trpc-msw.ts';

describe('secure account page (the failed sign-ins alert’s link)', () => {
  it('signs every session out only when asked', async () => {
    mockProcedure('auth.endSessions', () => ({ message: 'Every other session was signed out' }));
    const { user } = renderApp('/secure-account?token=tok-1');
    const button = await screen.findByRole('button', { name: 'Sign out every session' });
    expect(callsTo('auth.endSessions')).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('Every other session was signed out.')).toBeInTheDocument();
    expect(callsTo('auth.endSessions')).toEqual([{ token: 'tok-1' }]);
  });

  it('shows a refused link', async () => {
    mockProcedure(
      'auth.endSessions',
      failing('BAD_REQUEST', 'The link is invalid or has expired.'),
    );
    const { user } = renderApp('/secure-account?token=old');
    await user.click(await screen.findByRole('button', { name: 'Sign out every session' }));
    expect(await screen.findByText('The link is invalid or has expired.')).toBeInTheDocument();
  });
});

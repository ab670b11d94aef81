import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure, TrpcMockError } from '../../testing/trpc-msw.ts';

const admin = signedInAs(makeUser({ role: 'admin' }));
const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

function entry(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `e${index}`,
    event: 'auth.login.success',
    email: null,
    ip: '203.0.113.7',
    userAgent: agent,
    details: null,
    createdAt: '2026-03-07T10:00:00.000Z',
    userId: 'u1',
    userEmail: 'grace@example.com',
    ...overrides,
  };
}

describe('admin security audit log', () => {
  it('shows readable events, the user, address, device and failure reasons, and pages', async () => {
    mockProcedure('admin.auditLog', (input) => {
      const page = Number(Object(input).page ?? 1);
      const rows =
        page === 1
          ? [
              entry(1),
              entry(2, {
                event: 'auth.login.failure',
                email: 'mallory@example.com',
                userId: null,
                userEmail: null,
                details: { reason: 'wrong_password' },
              }),
              entry(3, { event: 'user.blocked' }),
            ]
          : [entry(4, { event: 'auth.2fa_enabled' })];
      return { data: rows, page, limit: 20, total: 21, hasMore: page === 1 };
    });
    const { user, router } = renderApp('/admin/security', { session: admin });
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, signIn, failure, blocked] = within(table).getAllByRole('row');
    if (!signIn || !failure || !blocked) throw new Error('rows missing');
    expect(within(signIn).getByText('Sign-in')).toBeInTheDocument();
    expect(within(signIn).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(signIn).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(signIn).getByText(agent)).toHaveAttribute('title', agent);
    expect(within(failure).getByText('Failed sign-in (wrong password)')).toBeInTheDocument();
    expect(within(failure).getByText('mallory@example.com')).toBeInTheDocument();
    expect(within(blocked).getByText('User blocked')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 21 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(callsTo('admin.auditLog').at(-1)).toEqual({ page: 2, limit: 20 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when nothing has been recorded', async () => {
    mockProcedure('admin.auditLog', () => ({
      data: [],
      page: 1,
      limit: 20,
      total: 0,
      hasMore: false,
    }));
    renderApp('/admin/security', { session: admin });
    expect(await screen.findByText('No events recorded')).toBeInTheDocument();
  });

  it('shows an error in a red box', async () => {
    mockProcedure('admin.auditLog', () => {
      throw new TrpcMockError('FORBIDDEN', 'Administrators only');
    });
    renderApp('/admin/security', { session: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrators only');
  });
});

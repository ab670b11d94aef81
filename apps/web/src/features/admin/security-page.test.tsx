import { signInFailuresQuery } from '@bank/validators/oversight';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';

const admin = signedInAs(makeUser({ role: 'admin' }));
const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

type AuditEntry = RouterOutputs['admin']['auditLog']['data'][number];
type OpenSession = RouterOutputs['oversight']['sessions']['data'][number];

function entry(index: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
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
    actor: { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com', role: 'user' },
    subject: { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' },
    ...overrides,
  };
}

describe('admin security audit log', () => {
  it('shows readable events, the user, address, device and failure reasons, and pages', async () => {
    mockProcedure('admin.auditLog', (input) => {
      const page = Number(input.page ?? 1);
      const rows =
        page === 1
          ? [
              entry(1),
              entry(2, {
                event: 'auth.login.failure',
                email: 'mallory@example.com',
                userId: null,
                userEmail: null,
                actor: null,
                subject: null,
                details: { reason: 'wrong_password' },
              }),
              entry(3, {
                event: 'user.blocked',
                actor: { id: 's1', name: 'Sam Lee', email: 'sam@bank.example', role: 'support' },
              }),
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
    expect(within(signIn).getByText('Themself')).toBeInTheDocument();
    expect(within(failure).getByText('Unknown')).toBeInTheDocument();
    // A staff member acting on someone else is named with their role, beside the subject.
    expect(within(blocked).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(blocked).getByText('support agent')).toBeInTheDocument();
    expect(within(blocked).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(signIn).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(signIn).getByText('Chrome 140 on Linux')).toHaveAttribute('title', agent);
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

const emptyLog = { data: [], page: 1, limit: 20, total: 0, hasMore: false };

describe('admin security filters', () => {
  it('lists every event from the one list and filters by event, user and dates through the URL', async () => {
    mockProcedure('admin.auditLog', () => ({
      data: [entry(1, { event: 'loan.status_changed' })],
      page: 1,
      limit: 20,
      total: 1,
      hasMore: false,
    }));
    const { user, router } = renderApp('/admin/security', { session: admin });
    expect(await screen.findByText('Loan status changed')).toBeInTheDocument();
    const eventSelect = screen.getByRole('combobox', { name: 'Event' });
    const options = within(eventSelect)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('All events');
    expect(options).toEqual(
      expect.arrayContaining([
        'Failed sign-in',
        'User blocked',
        'Session signed out',
        'Loan status changed',
      ]),
    );
    await user.selectOptions(eventSelect, 'User blocked');
    await waitFor(() => expect(router.state.location.search).toEqual({ event: 'user.blocked' }));
    await user.type(screen.getByRole('searchbox', { name: 'User' }), 'grace');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ event: 'user.blocked', user: 'grace' }),
    );
    const from = screen.getByLabelText('From');
    await user.type(from, '2026-03-01');
    await waitFor(() =>
      expect(callsTo('admin.auditLog').at(-1)).toEqual({
        page: 1,
        limit: 20,
        event: 'user.blocked',
        user: 'grace',
        startDate: '2026-03-01',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says when the filters match nothing', async () => {
    mockProcedure('admin.auditLog', () => emptyLog);
    renderApp('/admin/security?event=user.blocked', { session: admin });
    expect(await screen.findByText('No events recorded')).toBeInTheDocument();
    expect(screen.getByText('Try other filters, or clear them.')).toBeInTheDocument();
  });
});

const session = (id: string, overrides: Partial<OpenSession> = {}): OpenSession => ({
  id,
  ip: '198.51.100.23',
  userAgent: agent,
  createdAt: '2026-03-07T08:00:00.000Z',
  lastSeenAt: '2026-03-07T09:30:00.000Z',
  expiresAt: '2026-04-06T09:30:00.000Z',
  current: false,
  user: {
    id: 'u2',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'user',
  },
  ...overrides,
});

describe('admin open sessions', () => {
  it('lists open sessions and ends one after asking; the administrator’s own is marked', async () => {
    let ended = false;
    mockProcedures({
      'admin.auditLog': () => emptyLog,
      'oversight.sessions': () => {
        const rows = [
          session('own', {
            current: true,
            user: {
              id: 'u1',
              email: 'admin@example.com',
              firstName: 'Ada',
              lastName: 'Admin',
              role: 'admin',
            },
          }),
          ...(ended ? [] : [session('grace1')]),
        ];
        return { data: rows, page: 1, limit: 20, total: rows.length, hasMore: false };
      },
      'oversight.endSession': () => {
        ended = true;
        return { message: 'The session was signed out' };
      },
    });
    const { user } = renderApp('/admin/security', { session: admin });
    await user.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    const table = await screen.findByRole('table', { name: 'Open sessions' });
    const [, own, grace] = within(table).getAllByRole('row');
    if (!own || !grace) throw new Error('rows missing');
    expect(within(own).getByText('This session')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    expect(within(grace).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(grace).getByText('198.51.100.23')).toBeInTheDocument();
    expect(within(grace).getByText('Chrome 140 on Linux')).toHaveAttribute('title', agent);

    await user.click(
      within(grace).getByRole('button', {
        name: 'End session of grace@example.com from 198.51.100.23',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('The session was signed out')).toBeInTheDocument();
    expect(callsTo('oversight.endSession')).toEqual([{ id: 'grace1' }]);
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
  });

  it('says when nobody is signed in', async () => {
    mockProcedures({
      'admin.auditLog': () => emptyLog,
      'oversight.sessions': () => ({ data: [], page: 1, limit: 20, total: 0, hasMore: false }),
    });
    const { user } = renderApp('/admin/security', { session: admin });
    await user.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    expect(await screen.findByText('No open sessions')).toBeInTheDocument();
  });

  it('shows a sessions load error in a red box', async () => {
    mockProcedures({
      'admin.auditLog': () => emptyLog,
      'oversight.sessions': () => {
        throw new TrpcMockError('BAD_REQUEST', '');
      },
    });
    const { user } = renderApp('/admin/security', { session: admin });
    await user.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch sessions');
  });
});

describe('admin failed sign-ins', () => {
  it('groups failures by address and switches the window', async () => {
    mockProcedures({
      'admin.auditLog': () => emptyLog,
      'oversight.signInFailures': (input) => ({
        days: signInFailuresQuery.parse(input).days,
        data: [
          {
            ip: '192.0.2.50',
            attempts: 14,
            lastAttempt: '2026-03-07T09:00:00.000Z',
            emailCount: 12,
            emails: ['a@example.com', 'b@example.com'],
          },
        ],
        page: 1,
        limit: 20,
        total: 1,
        hasMore: false,
      }),
    });
    const { user } = renderApp('/admin/security', { session: admin });
    await user.click(await screen.findByRole('tab', { name: 'Failed sign-ins' }));
    const table = await screen.findByRole('table', { name: 'Failed sign-ins by address' });
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('192.0.2.50')).toBeInTheDocument();
    expect(within(row).getByText('14')).toBeInTheDocument();
    expect(within(row).getByText('a@example.com')).toBeInTheDocument();
    expect(within(row).getByText('and 10 more')).toBeInTheDocument();
    expect(callsTo('oversight.signInFailures').at(-1)).toEqual({ days: 7, page: 1, limit: 20 });
    await user.click(screen.getByRole('button', { name: '24 hours' }));
    await waitFor(() =>
      expect(callsTo('oversight.signInFailures').at(-1)).toEqual({ days: 1, page: 1, limit: 20 }),
    );
  });

  it('says when there were none', async () => {
    mockProcedures({
      'admin.auditLog': () => emptyLog,
      'oversight.signInFailures': () => ({
        days: 7,
        data: [],
        page: 1,
        limit: 20,
        total: 0,
        hasMore: false,
      }),
    });
    const { user } = renderApp('/admin/security', { session: admin });
    await user.click(await screen.findByRole('tab', { name: 'Failed sign-ins' }));
    expect(await screen.findByText('No failed sign-ins')).toBeInTheDocument();
  });
});

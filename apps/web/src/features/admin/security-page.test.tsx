import { signInFailuresQuery } from '@bank/validators/oversight';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import {
  callsTo,
  failing,
  mockProcedure,
  mockProcedures,
  type ProcedureMocks,
} from '../../testing/trpc-msw.ts';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

type AuditEntry = RouterOutputs['admin']['auditLog']['data'][number];
type OpenSession = RouterOutputs['oversight']['sessions']['data'][number];

/** A list with nothing in it, as the audit log, the sessions and the failures answer it. */
const emptyPage = { data: [], page: 1, limit: 20, total: 0, hasMore: false };

/** The security screen (its audit log empty) at `tab`, with that tab's procedures mocked. */
async function openTab(tab: 'Open sessions' | 'Failed sign-ins', mocks: ProcedureMocks) {
  mockProcedures({ 'admin.auditLog': () => emptyPage, ...mocks });
  const { user } = renderApp('/admin/security', { session: adminSession });
  await user.click(await screen.findByRole('tab', { name: tab }));
  return user;
}

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
    const { user, router } = renderApp('/admin/security', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    const [signIn, failure, blocked] = await findBodyRows('Audit log', 3);
    expectTextsIn(signIn, ['Sign-in', 'grace@example.com', 'Themself', '203.0.113.7']);
    expect(within(signIn).getByText('Chrome 140 on Linux')).toHaveAttribute('title', agent);
    expectTextsIn(failure, ['Unknown', 'Failed sign-in (wrong password)', 'mallory@example.com']);
    // A staff member acting on someone else is named with their role, beside the subject.
    expectTextsIn(blocked, ['Sam Lee', 'support agent', 'grace@example.com', 'User blocked']);
    expect(screen.getByText('Showing 1 to 3 of 21 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(callsTo('admin.auditLog').at(-1)).toEqual({ page: 2, limit: 20 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when nothing has been recorded', async () => {
    mockProcedure('admin.auditLog', () => emptyPage);
    renderApp('/admin/security', { session: adminSession });
    expect(await screen.findByText('No events recorded')).toBeInTheDocument();
  });

  it('shows an error in a red box', async () => {
    mockProcedure('admin.auditLog', failing('FORBIDDEN', 'Administrators only'));
    renderApp('/admin/security', { session: adminSession });
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrators only');
  });
});

describe('admin security filters', () => {
  it('lists every event from the one list and filters by event, user and dates through the URL', async () => {
    mockProcedure('admin.auditLog', () => ({
      data: [entry(1, { event: 'loan.status_changed' })],
      page: 1,
      limit: 20,
      total: 1,
      hasMore: false,
    }));
    const { user, router } = renderApp('/admin/security', { session: adminSession });
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
    mockProcedure('admin.auditLog', () => emptyPage);
    renderApp('/admin/security?event=user.blocked', { session: adminSession });
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
    const user = await openTab('Open sessions', {
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
    const [own, grace] = await findBodyRows('Open sessions', 2);
    expect(within(own).getByText('This session')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    expectTextsIn(grace, ['Grace Hopper', '198.51.100.23']);
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
    await openTab('Open sessions', { 'oversight.sessions': () => emptyPage });
    expect(await screen.findByText('No open sessions')).toBeInTheDocument();
  });

  it('shows a sessions load error in a red box', async () => {
    await openTab('Open sessions', {
      'oversight.sessions': failing('BAD_REQUEST', ''),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch sessions');
  });
});

describe('admin failed sign-ins', () => {
  it('groups failures by address and switches the window', async () => {
    const user = await openTab('Failed sign-ins', {
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
    const [row] = await findBodyRows('Failed sign-ins by address', 1);
    expectTextsIn(row, ['192.0.2.50', '14', 'a@example.com', 'and 10 more']);
    expect(callsTo('oversight.signInFailures').at(-1)).toEqual({ days: 7, page: 1, limit: 20 });
    await user.click(screen.getByRole('button', { name: '24 hours' }));
    await waitFor(() =>
      expect(callsTo('oversight.signInFailures').at(-1)).toEqual({ days: 1, page: 1, limit: 20 }),
    );
  });

  it('says when there were none', async () => {
    await openTab('Failed sign-ins', {
      'oversight.signInFailures': () => ({ days: 7, ...emptyPage }),
    });
    expect(await screen.findByText('No failed sign-ins')).toBeInTheDocument();
  });
});

import type { RouterOutputs } from '../lib/trpc.ts';
import { adminSession } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { mockProcedures, type ProcedureMocks } from './trpc-msw.ts';

type UserDetail = RouterOutputs['admin']['user'];
type DetailUser = UserDetail['user'];
type ListedUser = RouterOutputs['admin']['users']['data'][number];

/** The customer staff look at in these tests: active and verified, with no limit of their own. */
const grace = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phoneNumber: '+15551234567',
  role: 'user',
  status: 'active',
  isBlocked: false,
  isEmailVerified: true,
  twoFactorEnabled: false,
  withdrawalLimit: null,
} as const;

/** A row of the staff's user list (admin.users). */
export function makeListedUser(overrides: Partial<ListedUser> = {}): ListedUser {
  return {
    id: '0193a7c2-0000-7000-8000-0000000000a1',
    _id: '0193a7c2-0000-7000-8000-0000000000a1',
    ...grace,
    createdAt: '2026-11-02T10:00:00.000Z',
    accountNumber: '123456789012',
    balance: 1250.5,
    lastSeenAt: null,
    ...overrides,
  };
}

/**
 * What staff see on a customer's page (admin.user): an active, verified customer with nothing
 * on record; a test sets the customer and whatever it looks at.
 */
export function makeUserDetail(
  overrides: Partial<Omit<UserDetail, 'user'>> & { user: Partial<DetailUser> & { id: string } },
): UserDetail {
  const { user, ...rest } = overrides;
  return {
    user: {
      _id: user.id,
      ...grace,
      createdAt: '2026-01-02T10:00:00.000Z',
      dateOfBirth: '1990-05-17',
      address: { street: null, city: null, state: null, zipCode: null, country: null },
      ...user,
    },
    accounts: [],
    balance: 0,
    recentTransactions: [],
    sessions: [],
    auditEvents: [],
    ...rest,
  };
}

/** An administrator on the staff's page of the customer in `detail`, with `mocks` besides. */
export function renderUserPage(detail: UserDetail, mocks: ProcedureMocks = {}) {
  mockProcedures({ 'admin.user': () => detail, ...mocks });
  return renderApp(`/admin/users/${detail.user._id}`, { session: adminSession });
}

import type { RouterOutputs } from '../lib/trpc.ts';

type UserDetail = RouterOutputs['admin']['user'];
type DetailUser = UserDetail['user'];

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

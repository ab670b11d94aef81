import type { Session, SessionUser } from '../lib/session.ts';
import { fixture } from './fixture.ts';

export const makeUser = fixture<SessionUser>(() => ({
  id: 'user-1',
  _id: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
  role: 'user',
  phoneNumber: '+15551234567',
  dateOfBirth: '1990-12-10',
  address: {
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    country: 'USA',
  },
  isEmailVerified: true,
  emailVerificationRequired: false,
  twoFactorEnabled: false,
  twoFactorRequired: false,
  isTwoFactorVerified: false,
  isBlocked: false,
  accountNumber: '1234567890',
  balance: 2500,
  withdrawalLimit: 25000,
  notificationPreferences: {
    transactionNotifications: true,
    securityAlerts: true,
    marketingCommunications: false,
    supportReplies: true,
  },
  createdAt: '2026-01-02T03:04:05.000Z',
}));

export function signedInAs(user: SessionUser = makeUser()): Session {
  return { user, twoFactorRequired: user.twoFactorRequired };
}

export const anonymous: Session = { user: null, twoFactorRequired: false };

/** The administrator most staff screens are tested as. */
export const adminSession: Session = signedInAs(makeUser({ role: 'admin' }));

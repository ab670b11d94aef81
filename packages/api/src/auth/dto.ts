import type { schema } from '@bank/db';
import { z } from 'zod';
import { instant, money } from '../rest/schemas.ts';

export type UserRow = typeof schema.users.$inferSelect;
export type UserRole = UserRow['role'];

export interface UserDto {
  id: string;
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  role: UserRole;
  phoneNumber: string;
  dateOfBirth: string | null;
  address: {
    street: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    country: string | null;
  };
  isEmailVerified: boolean;
  emailVerificationRequired: boolean;
  twoFactorEnabled: boolean;
  /** This session still owes the second factor. */
  twoFactorRequired: boolean;
  isTwoFactorVerified: boolean;
  isBlocked: boolean;
  /** The checking account: known where the caller looked it up (me), else null. */
  accountNumber: string | null;
  balance: number | null;
  /** Daily withdrawal limit in dollars (the user's own, or the bank's). */
  withdrawalLimit: number | null;
  notificationPreferences: {
    transactionNotifications: boolean;
    securityAlerts: boolean;
    marketingCommunications: boolean;
    supportReplies: boolean;
  };
  createdAt: string;
}

/** The user as docs/product.md section 3 names it; never the hash, secrets or tokens. */
/** A user's postal address as the API answers it: the columns under one `address`. */
export function addressOf(
  user: Pick<UserRow, 'street' | 'city' | 'state' | 'zipCode' | 'country'>,
) {
  return {
    street: user.street,
    city: user.city,
    state: user.state,
    zipCode: user.zipCode,
    country: user.country,
  };
}

export function hasTwoFactor(user: Pick<UserRow, 'twoFactorSecret'>): boolean {
  return user.twoFactorSecret !== null;
}

export interface AccountSummary {
  accountNumber: string;
  balance: number;
  withdrawalLimit: number;
}

/** Who a user is, as every view of a user begins: the id (also as `_id`), name and e-mail. */
export function identityOf(user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>) {
  return {
    id: user.id,
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  };
}

export function toUserDto(
  user: UserRow,
  session?: { twoFactorVerified: boolean },
  account?: AccountSummary,
): UserDto {
  const twoFactorEnabled = hasTwoFactor(user);
  const twoFactorRequired = twoFactorEnabled && !(session?.twoFactorVerified ?? false);
  return {
    ...identityOf(user),
    avatar: user.avatarUrl,
    role: user.role,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
    address: addressOf(user),
    isEmailVerified: user.emailVerifiedAt !== null,
    emailVerificationRequired: user.emailVerifiedAt === null,
    twoFactorEnabled,
    twoFactorRequired,
    isTwoFactorVerified: twoFactorEnabled && !twoFactorRequired,
    isBlocked: user.isBlocked,
    accountNumber: account?.accountNumber ?? null,
    balance: account?.balance ?? null,
    withdrawalLimit: account?.withdrawalLimit ?? null,
    notificationPreferences: {
      transactionNotifications: user.notifyTransactions,
      securityAlerts: user.notifySecurity,
      marketingCommunications: user.notifyMarketing,
      supportReplies: user.notifySupport,
    },
    createdAt: user.createdAt.toISOString(),
  };
}

const nullableText = z.string().nullable();

/** The user as the REST answers show it (OpenAPI). */
export const userDtoSchema = z
  .object({
    id: z.uuid(),
    _id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    avatar: nullableText,
    role: z.enum(['user', 'admin', 'support']),
    phoneNumber: z.string(),
    dateOfBirth: nullableText,
    address: z.object({
      street: nullableText,
      city: nullableText,
      state: nullableText,
      zipCode: nullableText,
      country: nullableText,
    }),
    isEmailVerified: z.boolean(),
    emailVerificationRequired: z.boolean(),
    twoFactorEnabled: z.boolean(),
    twoFactorRequired: z.boolean(),
    isTwoFactorVerified: z.boolean(),
    isBlocked: z.boolean(),
    accountNumber: z.string().nullable(),
    balance: money.nullable(),
    withdrawalLimit: money.nullable(),
    notificationPreferences: z.object({
      transactionNotifications: z.boolean(),
      securityAlerts: z.boolean(),
      marketingCommunications: z.boolean(),
      supportReplies: z.boolean(),
    }),
    createdAt: instant,
  })
  .meta({ id: 'User' }) satisfies z.ZodType<UserDto>;

/** A session as staff list it: where and when it was used, never its secret. */
export const sessionSummarySchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});

import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRoles } from '../enums.ts';
import {
  bytea,
  cents,
  day,
  instant,
  primaryId,
  requiredRef,
  timestampNow,
  timestamps,
} from './columns.ts';

export const userRole = pgEnum('user_role', userRoles);

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    /** Always stored lower-cased; the unique index makes e-mail the login name. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phoneNumber: text().notNull(),
    dateOfBirth: day(),
    street: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    country: text(),
    avatarUrl: text(),
    role: userRole().notNull().default('user'),
    emailVerifiedAt: instant(),
    isBlocked: boolean().notNull().default(false),
    /**
     * Closed by an administrator: the person's details are anonymised and they cannot sign in,
     * while the row stays so that the ledger's history keeps its owner (a bank keeps records).
     */
    closedAt: instant(),
    /** AES-GCM sealed TOTP secret; set once set-up is confirmed. */
    twoFactorSecret: text(),
    /** Set by set-up, moved to twoFactorSecret by the first valid code. */
    twoFactorPendingSecret: text(),
    /** The last TOTP time step accepted: a code is accepted once. */
    totpLastStep: bigint({ mode: 'number' }),
    /** Daily withdrawal limit in cents; null follows the bank's setting. */
    withdrawalLimitCents: cents(),
    notifyTransactions: boolean().notNull().default(true),
    notifySecurity: boolean().notNull().default(true),
    notifyMarketing: boolean().notNull().default(false),
    /** E-mail when support answers a ticket while the customer is away from its chat. */
    notifySupport: boolean().notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

/** The customer a row belongs to: it goes when they do. */
export const ownerId = () => requiredRef(() => users.id, { onDelete: 'cascade' });

/**
 * A person a row names without belonging to them (who acted, who handled it, the other side of
 * a payment): the row stays when they go, naming nobody.
 */
export const nullableUserId = () => uuid().references(() => users.id, { onDelete: 'set null' });

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    /** SHA-256 of the token's secret half; the secret itself is never stored. */
    secretHash: bytea().notNull(),
    userId: ownerId(),
    /** Remember me: a persistent cookie instead of a browser-session one. */
    persistent: boolean().notNull().default(false),
    /** Half-open until the second factor is verified (when the user has 2FA). */
    twoFactorVerified: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
    createdAt: timestampNow(),
    lastSeenAt: timestampNow(),
    expiresAt: instant().notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const tokenPurpose = pgEnum('token_purpose', ['email_verification', 'password_reset']);

/** A secret that works once, until it expires (the e-mailed tokens and step-up codes). */
const singleUse = () => ({
  expiresAt: instant().notNull(),
  usedAt: instant(),
  createdAt: timestampNow(),
});

/** Single-use, expiring tokens sent by e-mail; only their SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: primaryId(),
    userId: ownerId(),
    purpose: tokenPurpose().notNull(),
    tokenHash: text().notNull(),
    ...singleUse(),
  },
  (table) => [
    uniqueIndex('user_tokens_hash_key').on(table.tokenHash),
    index('user_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

/**
 * Six-digit codes e-mailed for a step-up (adding a payee without 2FA): 10 minutes, one use,
 * only their SHA-256 stored.
 */
export const stepUpCodes = pgTable(
  'step_up_codes',
  {
    id: primaryId(),
    userId: ownerId(),
    purpose: text({ enum: ['payee'] }).notNull(),
    codeHash: text().notNull(),
    ...singleUse(),
  },
  (table) => [index('step_up_codes_user_idx').on(table.userId, table.purpose)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: primaryId(),
    userId: ownerId(),
    codeHash: text().notNull(),
    usedAt: instant(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** Fixed-window counters for failed sign-ins etc. when no Redis is configured. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  resetAt: instant().notNull(),
});

import { userRoles } from '@bank/db/enums';
import {
  auditLogQuery,
  blockUserInput,
  createUserInput,
  updateUserInput,
  userIdInput,
  userListQuery,
  userStatuses,
  userViewInput,
} from '@bank/validators/admin';
import { z } from 'zod';
import { approvalSchema } from '../approvals/approval-schema.ts';
import { sessionSummarySchema } from '../auth/dto.ts';
import { transactionDtoSchema } from '../ledger/transaction-dto.ts';
import { defineRoute, noInput } from '../rest/define.ts';
import { paged } from '../rest/schemas.ts';

const message = z.string();

/** A user as staff see them in the directory (never the hash, secrets or tokens). */
const directoryUserSchema = z.object({
  id: z.uuid(),
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.enum(userRoles),
  status: z.enum(userStatuses),
  isBlocked: z.boolean(),
  isEmailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  withdrawalLimit: z.number().nullable(),
  createdAt: z.string(),
});

const userListEntrySchema = directoryUserSchema.extend({
  accountNumber: z.string().nullable(),
  balance: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
});

/** Who acted: null when nobody known did (a stranger's failed sign-in, start-up). */
const staffMemberSchema = z.object({ id: z.uuid(), name: z.string(), role: z.enum(userRoles) });

const userDetailSchema = z.object({
  user: directoryUserSchema.extend({
    dateOfBirth: z.string().nullable(),
    address: z.object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zipCode: z.string().nullable(),
      country: z.string().nullable(),
    }),
  }),
  accounts: z.array(
    z.object({
      id: z.uuid(),
      accountNumber: z.string(),
      type: z.string(),
      currency: z.string(),
      balance: z.number(),
      createdAt: z.string(),
    }),
  ),
  balance: z.number(),
  recentTransactions: z.array(transactionDtoSchema),
  sessions: z.array(sessionSummarySchema.extend({ twoFactorVerified: z.boolean() })),
  auditEvents: z.array(
    z.object({
      id: z.uuid(),
      event: z.string(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      byAdministrator: z
        .boolean()
        .describe('Done by an administrator other than the user (see `actor` for anyone else).'),
      actor: staffMemberSchema.nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const adminRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/users',
    summary:
      'The user directory (admin): search by name, e-mail or account number; filter by role, status and sign-up dates.',
    tag: 'Users',
    access: 'admin',
    input: userListQuery,
    output: z.object({
      data: z.array(userListEntrySchema),
      page: z.number(),
      limit: z.number(),
      count: z.number(),
      total: z.number(),
      hasMore: z.boolean(),
    }),
    handle: ({ caller, input }) => caller.admin.users(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/users/stats',
    summary: 'Totals of users by status and role, new users this month, sign-in activity (admin).',
    tag: 'Users',
    access: 'admin',
    input: noInput,
    output: z.object({
      totalUsers: z.number(),
      activeUsers: z.number(),
      blockedUsers: z.number(),
      unverifiedUsers: z.number(),
      newUsersThisMonth: z.number(),
      usersByRole: z.object({ user: z.number(), admin: z.number(), support: z.number() }),
      activityStats: z.object({
        signInsLast24Hours: z.number(),
        signInsLast30Days: z.number(),
        activeUsersLast24Hours: z.number(),
        activeUsersLast30Days: z.number(),
      }),
    }),
    handle: ({ caller }) => caller.admin.userStats(),
  }),
  defineRoute({
    method: 'GET',
    path: '/users/:id',
    summary:
      'One user: profile, accounts and balance, recent transactions, sessions, audit events (admin). The visit is recorded, with the optional `reason`, and the user sees it under Profile -> Security.',
    tag: 'Users',
    access: 'admin',
    input: userViewInput,
    output: userDetailSchema,
    handle: ({ caller, input }) => caller.admin.user(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/users',
    summary:
      'Open an account for someone (admin). They receive an e-mail with a link to choose their password.',
    tag: 'Users',
    access: 'admin',
    errors: [409],
    input: createUserInput,
    output: z.object({ message, user: directoryUserSchema }),
    successStatus: 201,
    handle: ({ caller, input }) => caller.admin.createUser(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/users/:id',
    summary: 'Change a user’s name, phone, role or daily withdrawal limit (admin).',
    tag: 'Users',
    access: 'admin',
    errors: [409],
    input: updateUserInput,
    output: z.object({ message, user: directoryUserSchema, approvals: z.array(approvalSchema) }),
    handle: ({ caller, input }) => caller.admin.updateUser(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    summary:
      'Close and anonymise a user (admin); refused while they have money, a pending transaction or an open loan.',
    tag: 'Users',
    access: 'admin',
    errors: [409],
    input: userIdInput,
    output: z.object({ message }),
    handle: ({ caller, input }) => caller.admin.deleteUser(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/users/:id/block',
    summary:
      'Block or unblock a user (admin): `{blocked}` sets, no body toggles. A block ends the user’s sessions.',
    tag: 'Users',
    access: 'admin',
    errors: [409],
    input: blockUserInput,
    output: z.object({
      message,
      user: z.object({ id: z.string(), isBlocked: z.boolean() }),
    }),
    handle: ({ caller, input }) => caller.admin.setUserBlocked(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/users/:id/sessions',
    summary: 'Sign every session of a user out; their live connections close (admin).',
    tag: 'Users',
    access: 'admin',
    input: userIdInput,
    output: z.object({ message }),
    handle: ({ caller, input }) => caller.admin.endUserSessions(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/roles',
    summary: 'The roles and the permissions each holds (admin).',
    tag: 'Users',
    access: 'admin',
    input: noInput,
    output: z.object({
      roles: z.array(z.object({ name: z.enum(userRoles), permissions: z.array(z.string()) })),
      permissions: z.array(z.string()),
    }),
    handle: ({ caller }) => caller.admin.roles(),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/audit-log',
    summary:
      'Security audit log: sign-ins, password and 2FA changes, blocks, staff actions and views, each naming its actor and subject (admin).',
    tag: 'Admin',
    access: 'admin',
    input: auditLogQuery,
    output: paged(
      z.object({
        id: z.string(),
        event: z.string(),
        email: z.string().nullable(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        details: z.record(z.string(), z.unknown()).nullable(),
        createdAt: z.string(),
        userId: z.string().nullable(),
        userEmail: z.string().nullable(),
        actor: staffMemberSchema
          .extend({ email: z.string() })
          .nullable()
          .describe('Who acted: the user themself, a staff member, or null when not known.'),
        subject: z
          .object({ id: z.uuid(), name: z.string(), email: z.string() })
          .nullable()
          .describe('Whose account or user the entry concerns (null for bank-wide settings).'),
      }),
    ),
    handle: ({ caller, input }) => caller.admin.auditLog(input),
  }),
];

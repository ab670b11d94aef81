import { auditLogQuery, blockUserInput, userIdInput } from '@bank/validators/admin';
import { z } from 'zod';
import { defineRoute } from '../rest/define.ts';

export const adminRestRoutes = [
  defineRoute({
    method: 'PUT',
    path: '/users/:id/block',
    summary: 'Block or unblock a user (admin). A block ends the user’s sessions.',
    tag: 'Users',
    access: 'admin',
    input: blockUserInput,
    output: z.object({
      message: z.string(),
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
    output: z.object({ message: z.string() }),
    handle: ({ caller, input }) => caller.admin.endUserSessions(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/audit-log',
    summary: 'Security audit log: sign-ins, password and 2FA changes, blocks (admin).',
    tag: 'Admin',
    access: 'admin',
    input: auditLogQuery,
    output: z.object({
      data: z.array(
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
        }),
      ),
      page: z.number(),
      limit: z.number(),
      total: z.number(),
      hasMore: z.boolean(),
    }),
    handle: ({ caller, input }) => caller.admin.auditLog(input),
  }),
];

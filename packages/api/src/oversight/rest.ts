import { loanStatuses, ticketStatuses, transactionTypes } from '@bank/db/enums';
import {
  analyticsQuery,
  sessionIdInput,
  sessionListQuery,
  signInFailuresQuery,
} from '@bank/validators/oversight';
import { z } from 'zod';
import { sessionSummarySchema } from '../auth/dto.ts';
import { defineRoute, noInput } from '../rest/define.ts';
import { paged } from '../rest/schemas.ts';

const tag = 'Admin';

const statsSchema = z.object({
  totalUsers: z.number(),
  openTickets: z.number(),
  securityAlerts: z.number(),
  totalTransactions: z.number(),
  activeLoans: z.number(),
  monthlyRevenue: z.number(),
});

const analyticsSchema = z.object({
  days: z.number(),
  from: z.string(),
  to: z.string(),
  signUps: z.array(z.object({ day: z.string(), count: z.number() })),
  depositsVsWithdrawals: z.array(
    z.object({ day: z.string(), deposits: z.number(), withdrawals: z.number() }),
  ),
  transactionsByType: z.array(
    z.object({ type: z.enum(transactionTypes), count: z.number(), volume: z.number() }),
  ),
  loansByStatus: z.array(
    z.object({
      status: z.enum(loanStatuses),
      count: z.number(),
      amount: z.number(),
      outstanding: z.number(),
    }),
  ),
  ticketsByStatus: z.array(z.object({ status: z.enum(ticketStatuses), count: z.number() })),
});

export const oversightRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/admin/stats',
    summary:
      'The admin dashboard’s figures: users, open tickets, security alerts (24 h), transactions, active loans, this month’s fee and interest revenue (admin).',
    tag,
    access: 'admin',
    input: noInput,
    output: statsSchema,
    handle: ({ caller }) => caller.oversight.stats(),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/activity',
    summary: 'Recent activity from the audit log, newest first (admin).',
    tag,
    access: 'admin',
    input: noInput,
    output: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          type: z.enum(['user', 'transaction', 'other']),
          event: z.string(),
          description: z.string(),
          timestamp: z.string(),
        }),
      ),
    }),
    handle: async ({ caller }) => ({ data: await caller.oversight.recentActivity() }),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/analytics',
    summary:
      'Sign-ups per day, transactions by type, deposits vs withdrawals, the loan book and tickets by status over 7, 30 or 90 days (UTC) (admin).',
    tag,
    access: 'admin',
    input: analyticsQuery,
    output: analyticsSchema,
    handle: ({ caller, input }) => caller.oversight.analytics(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/analytics/export',
    summary: 'The same analytics as a CSV file, one figure a row (admin).',
    tag,
    access: 'admin',
    input: analyticsQuery,
    output: z.string(),
    contentType: 'text/csv',
    downloadName: 'analytics.csv',
    handle: async ({ caller, input }) => (await caller.oversight.analyticsCsv(input)).csv,
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/sessions',
    summary: 'Open sessions of every user, most recently seen first (admin).',
    tag,
    access: 'admin',
    input: sessionListQuery,
    output: paged(
      sessionSummarySchema.extend({
        expiresAt: z.string(),
        current: z.boolean(),
        user: z.object({
          id: z.string(),
          email: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          role: z.enum(['user', 'admin', 'support']),
        }),
      }),
    ),
    handle: ({ caller, input }) => caller.oversight.sessions(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/admin/sessions/:id',
    summary: 'Sign one session out; its live connection closes at once (admin).',
    tag,
    access: 'admin',
    input: sessionIdInput,
    output: z.object({ message: z.string() }),
    handle: ({ caller, input }) => caller.oversight.endSession(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/sign-in-failures',
    summary:
      'Failed sign-ins of the last 1, 7 or 30 days grouped by address: count, last attempt, e-mails tried (admin).',
    tag,
    access: 'admin',
    input: signInFailuresQuery,
    output: paged(
      z.object({
        ip: z.string().nullable(),
        attempts: z.number(),
        lastAttempt: z.string(),
        emailCount: z.number(),
        emails: z.array(z.string()),
      }),
    ).extend({ days: z.number() }),
    handle: ({ caller, input }) => caller.oversight.signInFailures(input),
  }),
];

import type { Executor } from '@bank/db';
import { auditLog, users } from '@bank/db/schema';
import type { AuditEvent, auditLogQuery } from '@bank/validators/audit';
import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestInfo } from '../deps.ts';
import { containsPattern, withinDays } from '../sql-filters.ts';

// The audit log: written here by every feature that records an event, and read here. The one
// list of events is shared with the security screen (@bank/validators/audit).
export type { AuditEvent };

export async function recordAudit(
  db: Executor,
  entry: {
    event: AuditEvent;
    userId?: string | null;
    actorId?: string | null;
    email?: string | null;
    request?: RequestInfo;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    email: entry.email ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? null,
  });
}

/** The latest entries about one user, newest first (the administrators' user page). */
export function recentAuditOf(db: Executor, userId: string, limit = 20) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * The security log for /admin/security: newest first, one page at a time, filtered by event,
 * by user (the e-mail or name of whom it is about, or the e-mail tried) and by days (UTC).
 */
export async function listAuditLog(db: Executor, input: z.output<typeof auditLogQuery>) {
  const conditions: SQL[] = withinDays(auditLog.createdAt, input);
  if (input.event) conditions.push(eq(auditLog.event, input.event));
  if (input.user) {
    const pattern = containsPattern(input.user);
    const match = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(auditLog.email, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      email: auditLog.email,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      userEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [totals] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where);
  const total = totals?.total ?? 0;
  return {
    data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: input.page,
    limit: input.limit,
    total,
    hasMore: input.page * input.limit < total,
  };
}

/** Sign-ins and the users who signed in, over the last day (since `dayAgo`) and month. */
export async function signInActivity(db: Executor, dayAgo: Date, monthAgo: Date) {
  const [activity] = await db
    .select({
      signInsLast24Hours:
        sql<number>`count(*) filter (where ${auditLog.createdAt} >= ${dayAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      signInsLast30Days: count(),
      activeUsersLast24Hours: sql<number>`count(distinct ${auditLog.userId})
        filter (where ${auditLog.createdAt} >= ${dayAgo.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
      activeUsersLast30Days: sql<number>`count(distinct ${auditLog.userId})`.mapWith(Number),
    })
    .from(auditLog)
    .where(and(eq(auditLog.event, 'auth.login.success'), gte(auditLog.createdAt, monthAgo)));
  return {
    signInsLast24Hours: activity?.signInsLast24Hours ?? 0,
    signInsLast30Days: activity?.signInsLast30Days ?? 0,
    activeUsersLast24Hours: activity?.activeUsersLast24Hours ?? 0,
    activeUsersLast30Days: activity?.activeUsersLast30Days ?? 0,
  };
}

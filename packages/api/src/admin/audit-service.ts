import type { Executor } from '@bank/db';
import { auditLog, users } from '@bank/db/schema';
import type { auditLogQuery } from '@bank/validators/audit';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, withinDays } from '../oversight/filters.ts';

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

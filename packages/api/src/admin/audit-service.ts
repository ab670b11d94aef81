import type { Executor } from '@bank/db';
import { auditLog, users } from '@bank/db/schema';
import { count, desc, eq } from 'drizzle-orm';

/** The security log for /admin/security: newest first, one page at a time. */
export async function listAuditLog(db: Executor, input: { page: number; limit: number }) {
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
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [totals] = await db.select({ total: count() }).from(auditLog);
  const total = totals?.total ?? 0;
  return {
    data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: input.page,
    limit: input.limit,
    total,
    hasMore: input.page * input.limit < total,
  };
}

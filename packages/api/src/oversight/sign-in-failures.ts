import type { Executor } from '@bank/db';
import { auditLog } from '@bank/db/schema';
import type { signInFailuresQuery } from '@bank/validators/oversight';
import { and, count, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { z } from 'zod';

/** The most e-mails listed for one address; the count says how many there were in all. */
const EMAILS_SHOWN = 10;

/**
 * Failed sign-ins of the last `days` days grouped by the address they came from: how many,
 * the last one, and the e-mails tried (many e-mails from one address is credential stuffing;
 * many attempts at one is guessing). The busiest addresses first.
 */
export async function signInFailuresByAddress(
  db: Executor,
  query: z.output<typeof signInFailuresQuery>,
  now = new Date(),
) {
  const since = new Date(now.getTime() - query.days * 86_400_000);
  const where = and(eq(auditLog.event, 'auth.login.failure'), gt(auditLog.createdAt, since));
  const address = sql<string>`coalesce(${auditLog.ip}, '')`;
  const attempts = count();
  const lastAttempt = max(auditLog.createdAt);
  const rows = await db
    .select({
      ip: address,
      attempts,
      lastAttempt,
      emailCount: sql<number>`count(distinct ${auditLog.email})::int`,
      // As jsonb, not text[]: the driver reads no array types (packages/db/src/client.ts).
      emails: sql<
        string[] | null
      >`to_jsonb((array_agg(distinct ${auditLog.email}) filter (where ${auditLog.email} is not null))[1:${sql.raw(String(EMAILS_SHOWN))}])`,
    })
    .from(auditLog)
    .where(where)
    .groupBy(address)
    .orderBy(desc(attempts), desc(lastAttempt), address)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await db
    .select({ total: sql<number>`count(distinct ${address})::int` })
    .from(auditLog)
    .where(where);
  const total = totals?.total ?? 0;
  return {
    days: query.days,
    data: rows.map((row) => ({
      ip: row.ip === '' ? null : row.ip,
      attempts: row.attempts,
      lastAttempt: (row.lastAttempt ?? now).toISOString(),
      emailCount: row.emailCount,
      emails: row.emails ?? [],
    })),
    page: query.page,
    limit: query.limit,
    total,
    hasMore: query.page * query.limit < total,
  };
}

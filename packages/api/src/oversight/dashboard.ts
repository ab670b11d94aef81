import type { Executor } from '@bank/db';
import { auditLog, loans, supportTickets, transactions, users } from '@bank/db/schema';
import {
  auditEventLabels,
  isAuditEvent,
  routineAuditEvents,
  securityAlertEvents,
} from '@bank/validators/audit';
import { desc, eq, notInArray, sql } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';

/** Tickets still waiting for an answer or being worked on. */
const unresolvedTicketStatuses = ['open', 'in_progress'] as const;

/**
 * The six figures of the admin dashboard (docs/product.md 2.24), in one statement so they describe
 * one moment. Revenue is what the bank's fee and interest accounts received this month (UTC), read
 * from their ledger entries: a loan repayment credits its interest share to the interest
 * account (ledger/kinds/loan.ts), a fee would credit the fees account, and a reversal debits it.
 */
export async function dashboardStats(db: Executor, now = new Date()) {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const dayAgo = at(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const monthStart = at(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const until = at(now);
  const inList = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const [row] = await db
    .select({
      // Closed (deleted) users are no longer customers (docs/decisions/017).
      totalUsers: sql<number>`(select count(*)::int from ${users} where ${users.closedAt} is null)`,
      openTickets: sql<number>`(select count(*)::int from ${supportTickets}
        where ${supportTickets.status} in (${inList(unresolvedTicketStatuses)}))`,
      securityAlerts: sql<number>`(select count(*)::int from ${auditLog}
        where ${auditLog.event} in (${inList(securityAlertEvents)})
          and ${auditLog.createdAt} > ${dayAgo} and ${auditLog.createdAt} <= ${until})`,
      totalTransactions: sql<number>`(select count(*)::int from ${transactions})`,
      activeLoans: sql<number>`(select count(*)::int from ${loans} where ${loans.status} = 'approved')`,
      // Written with aliases: inside a select list drizzle leaves column names unqualified.
      revenueCents: sql<string>`(select coalesce(sum(e.amount_cents), 0)::text
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.system_code in ('fees', 'interest')
          and e.created_at >= ${monthStart} and e.created_at <= ${until})`,
    })
    .from(sql`(values (1)) as one (x)`);
  if (!row) throw new Error('The stats query returned nothing');
  return {
    totalUsers: row.totalUsers,
    openTickets: row.openTickets,
    securityAlerts: row.securityAlerts,
    totalTransactions: row.totalTransactions,
    activeLoans: row.activeLoans,
    monthlyRevenue: toDollars(BigInt(row.revenueCents)),
  };
}

/** docs/product.md 2.24's kinds of recent activity. */
export type ActivityType = 'user' | 'transaction' | 'other';

function activityTypeOf(event: string): ActivityType {
  if (event.startsWith('auth.') || event.startsWith('user.')) return 'user';
  // A loan decision moves money (approval disburses it).
  if (event.startsWith('loan.')) return 'transaction';
  return 'other';
}

function labelOf(event: string): string {
  return isAuditEvent(event) ? auditEventLabels[event] : event;
}

/**
 * The newest audit entries as 'Recent Activity' rows: what happened, to whom, when. Routine
 * sign-ins and sign-outs are left out (the security screen's full log has them).
 */
export async function recentActivity(db: Executor, limit = 10) {
  const rows = await db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      email: auditLog.email,
      createdAt: auditLog.createdAt,
      userEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(notInArray(auditLog.event, [...routineAuditEvents]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => {
    const who = row.userEmail ?? row.email;
    return {
      id: row.id,
      type: activityTypeOf(row.event),
      event: row.event,
      description: who ? `${labelOf(row.event)}: ${who}` : labelOf(row.event),
      timestamp: row.createdAt.toISOString(),
    };
  });
}

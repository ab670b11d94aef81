import type { Executor } from '@bank/db';
import type { UserRole } from '@bank/db/enums';
import { auditLog, users } from '@bank/db/schema';
import type { AuditEvent, auditLogQuery } from '@bank/validators/audit';
import { and, count, desc, eq, gte, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestInfo } from '../deps.ts';
import { pageFields, selectPage, userMatches } from '../paging.ts';
import { containsPattern, withinDays } from '../sql-filters.ts';

// The audit log: written here by every feature that records an event, and read here. The one
// list of events is shared with the security screen (@bank/validators/audit).
export type { AuditEvent };

/**
 * Events where whoever acted is not known to be the account's holder (a stranger may type an
 * e-mail), or where nobody acted (start-up): their actor stays empty. Every other event without
 * a named actor was done by the subject themself.
 */
const actorUnknown: ReadonlySet<AuditEvent> = new Set<AuditEvent>([
  'auth.login.failure',
  'auth.login.locked',
  'auth.2fa_failure',
  'auth.register_existing_email',
  'auth.password_reset_requested',
  'user.created_by_bootstrap',
]);

/** Staff opening a customer's data: shown to the customer as views, not actions. */
export const staffViewEvents = [
  'staff.viewed_profile',
  'staff.viewed_ticket',
] as const satisfies readonly AuditEvent[];
export type StaffViewEvent = (typeof staffViewEvents)[number];

/** A staff member's repeated opening within this window, with no new reason, is one visit. */
const sameVisitMinutes = 30;

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
    actorId:
      entry.actorId !== undefined
        ? entry.actorId
        : actorUnknown.has(entry.event)
          ? null
          : (entry.userId ?? null),
    email: entry.email ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? null,
  });
}

/**
 * Records that a staff member opened a customer's data, with an optional reason. Reopening within
 * half an hour without a new reason is the same visit and writes nothing (a page refetches).
 */
export async function recordStaffView(
  db: Executor,
  view: {
    event: StaffViewEvent;
    actorId: string;
    subjectId: string;
    reason?: string | undefined;
    request?: RequestInfo;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  if (view.actorId === view.subjectId) return;
  const reason = view.reason ? view.reason : null;
  if (!reason) {
    const [recent] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userId, view.subjectId),
          eq(auditLog.event, view.event),
          eq(auditLog.actorId, view.actorId),
          gte(auditLog.createdAt, sql`now() - make_interval(mins => ${sameVisitMinutes})`),
        ),
      )
      .limit(1);
    if (recent) return;
  }
  await recordAudit(db, {
    event: view.event,
    userId: view.subjectId,
    actorId: view.actorId,
    ...(view.request ? { request: view.request } : {}),
    details: { ...view.details, reason },
  });
}

const actors = alias(users, 'actors');

// A left join's columns come back as one null when no row joined.
const personOf = (
  person: {
    id: string | null;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    role: UserRole | null;
  } | null,
) =>
  person === null || person.id === null
    ? null
    : {
        id: person.id,
        email: person.email ?? '',
        name: `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim(),
        role: person.role ?? 'user',
      };

const actorColumns = {
  id: actors.id,
  email: actors.email,
  firstName: actors.firstName,
  lastName: actors.lastName,
  role: actors.role,
};
const subjectColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

/** The latest entries about one user with who acted, newest first (the administrators' user page). */
export async function recentAuditOf(db: Executor, userId: string, limit = 20) {
  const rows = await db
    .select({ entry: auditLog, actor: actorColumns })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.entry, actor: personOf(row.actor) }));
}

/**
 * What staff did to or looked at of one customer (Profile -> Security): the role and never the
 * name of the staff member, the time, the reason when one was given.
 */
export async function staffActivityOf(db: Executor, userId: string, limit = 50) {
  const rows = await db
    .select({
      id: auditLog.id,
      event: auditLog.event,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      role: actors.role,
    })
    .from(auditLog)
    .innerJoin(actors, eq(actors.id, auditLog.actorId))
    .where(
      and(eq(auditLog.userId, userId), isNotNull(auditLog.actorId), ne(auditLog.actorId, userId)),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  const views: readonly string[] = staffViewEvents;
  return {
    data: rows.map((row) => {
      const reason = row.details?.reason;
      return {
        id: row.id,
        event: row.event,
        kind: views.includes(row.event) ? ('view' as const) : ('action' as const),
        role: row.role,
        reason: typeof reason === 'string' ? reason : null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
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
    const match = or(userMatches(pattern), ilike(auditLog.email, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await selectPage(
    db,
    db
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
        subject: subjectColumns,
        actor: actorColumns,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .where(where)
      .$dynamic(),
    [desc(auditLog.createdAt), desc(auditLog.id)],
    input,
  );
  return {
    data: rows.map((row) => {
      const subject = personOf(row.subject);
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        actor: personOf(row.actor),
        subject: subject && { id: subject.id, email: subject.email, name: subject.name },
      };
    }),
    ...pageFields(input, total),
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

import type { Executor } from '@bank/db';
import type { UserRole } from '@bank/db/enums';
import { accounts, sessions, users } from '@bank/db/schema';
import type { userListQuery } from '@bank/validators/admin';
import { TRPCError } from '@trpc/server';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { recentAuditOf, signInActivity } from '../audit/service.ts';
import { addressOf, hasTwoFactor, identityOf, type UserRow } from '../auth/dto.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';
import { toDollars } from '../money/cents.ts';
import { selectPage, userMatches } from '../paging.ts';
import { listTransactions } from '../transactions/history.ts';

type UserListQuery = z.output<typeof userListQuery>;

/** Where a user stands, as the status filter and the table's badge name it (docs/product.md 2.25). */
export function statusOf(user: Pick<UserRow, 'isBlocked' | 'emailVerifiedAt'>) {
  if (user.isBlocked) return 'blocked' as const;
  if (!user.emailVerifiedAt) return 'unverified' as const;
  return 'active' as const;
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayAfter(day: string): Date {
  const end = dayStart(day);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Closed users are gone from the directory (docs/product.md 4: deleted users leave the list). */
function listConditions(query: UserListQuery): SQL[] {
  const conditions: SQL[] = [isNull(users.closedAt)];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'blocked') conditions.push(eq(users.isBlocked, true));
  if (query.status === 'unverified')
    conditions.push(eq(users.isBlocked, false), isNull(users.emailVerifiedAt));
  if (query.status === 'active')
    conditions.push(eq(users.isBlocked, false), isNotNull(users.emailVerifiedAt));
  if (query.startDate) conditions.push(gte(users.createdAt, dayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(users.createdAt, dayAfter(query.endDate)));
  const search = query.searchQuery?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const digits = search.replace(/[\s-]/g, '');
    const match = or(
      userMatches(pattern),
      // An account number is matched whole or by its start, as staff read it off a statement.
      /^\d{4,12}$/.test(digits)
        ? sql`exists (select 1 from ${accounts} a where a.user_id = ${users.id}
            and a.account_number like ${`${digits}%`})`
        : undefined,
    );
    if (match) conditions.push(match);
  }
  return conditions;
}

/** GET /users: one page of the directory, newest first, with each primary account. */
export async function listUsers(db: Executor, query: UserListQuery) {
  const where = and(...listConditions(query));
  const primary = primaryAccountIdOf(sql`${users.id}`);
  const { rows, total } = await selectPage(
    db,
    db
      .select({
        user: users,
        accountNumber: accounts.accountNumber,
        balanceCents: accounts.balanceCents,
        lastSeenAt: sql<Date | null>`(select max(s.last_seen_at) from ${sessions} s
        where s.user_id = ${users.id})`.mapWith((value) => (value ? new Date(value) : null)),
      })
      .from(users)
      .leftJoin(accounts, eq(accounts.id, primary))
      .where(where)
      .$dynamic(),
    [desc(users.createdAt), desc(users.id)],
    query,
  );
  return {
    data: rows.map((row) => ({
      ...directoryEntry(row.user),
      accountNumber: row.accountNumber,
      balance: row.balanceCents === null ? null : toDollars(row.balanceCents),
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    })),
    page: query.page,
    limit: query.limit,
    count: rows.length,
    total,
    hasMore: query.page * query.limit < total,
  };
}

/** What staff see of a user: never the hash, secrets or tokens. */
export function directoryEntry(user: UserRow) {
  return {
    ...identityOf(user),
    phoneNumber: user.phoneNumber,
    role: user.role,
    status: statusOf(user),
    isBlocked: user.isBlocked,
    isEmailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: hasTwoFactor(user),
    withdrawalLimit:
      user.withdrawalLimitCents === null ? null : toDollars(user.withdrawalLimitCents),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function openUserRow(db: Executor, id: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.closedAt)));
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  return user;
}

/** GET /users/{id}: profile, accounts, recent transactions, sessions and audit events. */
export async function userDetail(db: Executor, id: string) {
  const user = await openUserRow(db, id);
  const [userAccounts, openSessions, events] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, id))
      .orderBy(accounts.createdAt, accounts.id),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt)),
    recentAuditOf(db, id),
  ]);
  const recent =
    userAccounts.length > 0 ? (await listTransactions(db, id, { page: 1, limit: 10 })).data : [];
  return {
    user: {
      ...directoryEntry(user),
      dateOfBirth: user.dateOfBirth,
      address: addressOf(user),
    },
    accounts: userAccounts.map((account) => ({
      id: account.id,
      accountNumber: account.accountNumber,
      type: account.type,
      currency: account.currency,
      balance: toDollars(account.balanceCents),
      createdAt: account.createdAt.toISOString(),
    })),
    balance: toDollars(userAccounts.reduce((sum, account) => sum + account.balanceCents, 0n)),
    recentTransactions: recent,
    sessions: openSessions.map((session) => ({
      id: session.id,
      ip: session.ip,
      userAgent: session.userAgent,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      twoFactorVerified: session.twoFactorVerified,
    })),
    auditEvents: events.map((event) => ({
      id: event.id,
      event: event.event,
      ip: event.ip,
      details: event.details,
      // Someone other than the customer, and an administrator (a support agent is named as such).
      byAdministrator:
        event.actor !== null && event.actor.id !== id && event.actor.role === 'admin',
      actor: event.actor && { id: event.actor.id, name: event.actor.name, role: event.actor.role },
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /users/stats (docs/product.md 3): totals over open users; active means verified and not
 * blocked; activityStats counts sign-ins and distinct signed-in users over the last 24 hours and 30
 * days.
 */
export async function userStats(db: Executor, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
  const [totals] = await db
    .select({
      totalUsers: count(),
      activeUsers: sql<number>`count(*) filter (where not ${users.isBlocked}
        and ${users.emailVerifiedAt} is not null)`.mapWith(Number),
      blockedUsers: sql<number>`count(*) filter (where ${users.isBlocked})`.mapWith(Number),
      unverifiedUsers: sql<number>`count(*) filter (where not ${users.isBlocked}
        and ${users.emailVerifiedAt} is null)`.mapWith(Number),
      newUsersThisMonth:
        sql<number>`count(*) filter (where ${users.createdAt} >= ${monthStart.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(isNull(users.closedAt));
  const byRole = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(isNull(users.closedAt))
    .groupBy(users.role);
  const activity = await signInActivity(db, dayAgo, monthAgo);
  const usersByRole: Record<UserRole, number> = { user: 0, admin: 0, support: 0 };
  for (const row of byRole) usersByRole[row.role] = row.n;
  return {
    totalUsers: totals?.totalUsers ?? 0,
    activeUsers: totals?.activeUsers ?? 0,
    blockedUsers: totals?.blockedUsers ?? 0,
    unverifiedUsers: totals?.unverifiedUsers ?? 0,
    newUsersThisMonth: totals?.newUsersThisMonth ?? 0,
    usersByRole,
    activityStats: activity,
  };
}

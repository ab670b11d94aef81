import type { Database, Executor } from '@bank/db';
import { sessions, users } from '@bank/db/schema';
import type { sessionListQuery } from '@bank/validators/oversight';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { deleteSession } from '../auth/sessions.ts';
import type { RequestInfo } from '../deps.ts';
import { pageFields, selectPage, userMatches } from '../paging.ts';
import { containsPattern } from '../sql-filters.ts';

/** Every session still open (not expired), most recently seen first, with whose it is. */
export async function listOpenSessions(
  db: Executor,
  query: z.output<typeof sessionListQuery>,
  currentSessionId: string | null,
  now = new Date(),
) {
  const conditions: SQL[] = [gt(sessions.expiresAt, now), eq(users.isBlocked, false)];
  if (query.user) {
    const pattern = containsPattern(query.user);
    const match = userMatches(pattern);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const { rows, total } = await selectPage(
    db,
    db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        user: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .$dynamic(),
    [desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id],
    query,
  );
  return {
    data: rows.map((row) => ({
      ...row,
      // The administrator's own session: ended by signing out, not from the list.
      current: row.id === currentSessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    ...pageFields(query, total),
  };
}

/**
 * An administrator signs one session out: it is deleted and, in the same statement, every
 * instance is told, so its live connection closes at once (auth/sessions.ts,
 * docs/architecture.md 6).
 */
export async function endSession(
  db: Database,
  input: { sessionId: string; actorId: string; actorSessionId: string; request: RequestInfo },
) {
  if (input.sessionId === input.actorSessionId) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'This is your own session: sign out instead',
    });
  }
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: sessions.id, userId: sessions.userId, ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.id, input.sessionId))
      .for('update');
    if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'Session not found' });
    await deleteSession(tx, session.id);
    await auditAdministratorSignOut(tx, input, {
      event: 'auth.session_ended',
      userId: session.userId,
      details: { sessionIp: session.ip },
    });
    return { message: 'The session was signed out' };
  });
}

/** The audit entry of sessions an administrator ended (one, or every one of a user). */
export async function auditAdministratorSignOut(
  tx: Executor,
  act: { actorId: string; request: RequestInfo },
  ended: {
    event: 'auth.session_ended' | 'auth.sessions_ended';
    userId: string;
    details?: Record<string, unknown>;
  },
) {
  await recordAudit(tx, {
    event: ended.event,
    userId: ended.userId,
    actorId: act.actorId,
    request: act.request,
    details: { via: 'administrator', ...ended.details },
  });
}

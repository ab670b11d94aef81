import type { Database } from '@bank/db';
import { users } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import type { RequestInfo } from '../context.ts';

/** Blocks or unblocks a user; a block ends every session of theirs in the same transaction. */
export async function setUserBlocked(
  db: Database,
  input: { userId: string; blocked: boolean; actorId: string; request: RequestInfo },
) {
  if (input.userId === input.actorId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot block your own account' });
  }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ isBlocked: input.blocked, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id, isBlocked: users.isBlocked });
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
    if (input.blocked) await deleteUserSessions(tx, user.id);
    await recordAudit(tx, {
      event: input.blocked ? 'user.blocked' : 'user.unblocked',
      userId: user.id,
      actorId: input.actorId,
      request: input.request,
    });
    return {
      message: input.blocked ? 'User blocked successfully' : 'User unblocked successfully',
      user,
    };
  });
}

/** An administrator signs every session of a user out (their sockets close on every instance). */
export async function endUserSessions(
  db: Database,
  input: { userId: string; actorId: string; request: RequestInfo },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
    await deleteUserSessions(tx, user.id);
    await recordAudit(tx, {
      event: 'auth.sessions_ended',
      userId: user.id,
      actorId: input.actorId,
      request: input.request,
      details: { via: 'administrator' },
    });
    return { message: 'Every session of the user was signed out' };
  });
}

import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { UserRow } from '../auth/dto.ts';
import type { RequestInfo } from '../deps.ts';

// What every administrator's change to a user shares: who acts, the lock that orders changes,
// and the rule that the bank keeps an active administrator.

export interface AdminAct {
  actorId: string;
  request: RequestInfo;
}

export const refuse = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });

/**
 * Locks every administrator's row (always in id order, so two changes never wait on each other
 * in a circle), then the user's: two administrators demoting or blocking each other at once are
 * serialised, and the second sees what the first did, so the bank never ends up without one.
 */
export async function lockForChange(tx: Executor, userId: string): Promise<UserRow> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.closedAt)))
    .orderBy(users.id)
    .for('update');
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .for('update');
  if (!user) throw notFound();
  return user;
}

/** Whether an active administrator exists other than the users named. */
export async function anotherActiveAdmin(tx: Executor, ...exceptIds: string[]) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isBlocked, false),
        isNull(users.closedAt),
        notInArray(users.id, exceptIds),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** Whether taking `user` out of the administrators would leave the bank with none. */
async function isLastAdmin(tx: Executor, user: UserRow): Promise<boolean> {
  if (user.role !== 'admin' || user.isBlocked) return false;
  return !(await anotherActiveAdmin(tx, user.id));
}

/** Refuses a block, demotion or closing that would leave the bank without an administrator. */
export async function assertNotLastAdmin(tx: Executor, user: UserRow) {
  if (await isLastAdmin(tx, user)) {
    throw refuse('The bank must keep at least one active administrator');
  }
}

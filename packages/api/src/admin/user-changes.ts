import { randomBytes } from 'node:crypto';
import { hashPassword } from '@bank/auth/password';
import type { Database } from '@bank/db';
import { users } from '@bank/db/schema';
import type { createUserInput } from '@bank/validators/admin';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { openCheckingAccount } from '../accounts/service.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { INVITATION_TTL_MS, issueUserToken } from '../auth/tokens.ts';
import type { AppDeps } from '../deps.ts';
import { invitationEmail } from '../mail/templates.ts';
import { auditAdministratorSignOut } from '../oversight/sessions.ts';
import { getBankSettings } from '../settings/service.ts';
import { directoryEntry } from './user-directory.ts';
import {
  type AdminAct,
  assertNotLastAdmin,
  lockForChange,
  notFound,
  refuse,
} from './user-guards.ts';

/** PUT /users/{id}/block: `blocked` sets, its absence toggles (docs/product.md 7). */
export async function setUserBlocked(
  db: Database,
  input: { userId: string; blocked?: boolean | undefined } & AdminAct,
) {
  if (input.userId === input.actorId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot block your own account' });
  }
  return db.transaction(async (tx) => {
    const current = await lockForChange(tx, input.userId);
    const blocked = input.blocked ?? !current.isBlocked;
    if (blocked) await assertNotLastAdmin(tx, current);
    const [user] = await tx
      .update(users)
      .set({ isBlocked: blocked, updatedAt: new Date() })
      .where(eq(users.id, current.id))
      .returning({ id: users.id, isBlocked: users.isBlocked });
    if (!user) throw notFound();
    // Ends every session; its NOTIFY closes the live connections on every instance at commit.
    if (blocked) await deleteUserSessions(tx, user.id);
    if (blocked !== current.isBlocked) {
      await recordAudit(tx, {
        event: blocked ? 'user.blocked' : 'user.unblocked',
        userId: user.id,
        actorId: input.actorId,
        request: input.request,
        details: { old: { isBlocked: current.isBlocked }, new: { isBlocked: blocked } },
      });
    }
    return {
      message: blocked ? 'User blocked successfully' : 'User unblocked successfully',
      user,
    };
  });
}

/** An administrator signs every session of a user out (their sockets close on every instance). */
export async function endUserSessions(db: Database, input: { userId: string } & AdminAct) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw notFound();
    await deleteUserSessions(tx, user.id);
    await auditAdministratorSignOut(tx, input, { event: 'auth.sessions_ended', userId: user.id });
    return { message: 'Every session of the user was signed out' };
  });
}

/**
 * POST /users: an administrator opens an account (with its checking account) for someone, who
 * receives a set-your-password e-mail; following its link also proves the address.
 */
export async function createUser(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'>,
  input: z.output<typeof createUserInput> & AdminAct,
) {
  // Nobody knows this password: the person chooses theirs from the e-mail.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        role: input.role,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw refuse('A user with this email already exists');
    await openCheckingAccount(tx, user.id);
    const token = await issueUserToken(tx, user.id, 'password_reset', INVITATION_TTL_MS);
    const { bankName } = await getBankSettings(tx);
    await deps.mailer.enqueue(
      tx,
      invitationEmail(
        user.email,
        user.firstName,
        bankName,
        `${deps.publicUrl}/set-password?token=${encodeURIComponent(token)}`,
      ),
    );
    await recordAudit(tx, {
      event: 'user.created',
      userId: user.id,
      actorId: input.actorId,
      request: input.request,
      details: { new: { email: user.email, role: user.role } },
    });
    return { message: 'User created successfully', user: directoryEntry(user) };
  });
}

import { hashPassword, verifyPassword } from '@bank/auth/password';
import { users } from '@bank/db/schema';
import type { changePasswordInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { appError } from '../errors.ts';
import { passwordResetEmail, securityAlertEmail } from '../mail/templates.ts';
import { publishEvent } from '../realtime/events.ts';
import {
  admitPasswordCheck,
  admitTokenUse,
  passwordCheckSucceeded,
  tokenUseSucceeded,
} from './attempts.ts';
import type { AuthCall } from './call.ts';
import { protectionChanged } from './security-alerts.ts';
import { deleteUserSessions, type SessionWithUser } from './sessions.ts';
import { answeredEvenly, mailTokenLink } from './token-mail.ts';
import { consumeUserToken, isUserTokenValid } from './tokens.ts';

// Passwords: the reset by e-mailed link, and the change by a signed-in user.

export async function forgotPassword(call: AuthCall, email: string): Promise<{ message: string }> {
  return answeredEvenly(async () => {
    await mailTokenLink(call, email, {
      path: '/reset-password',
      purpose: 'password_reset',
      wanted: (user) => !user.isBlocked,
      compose: passwordResetEmail,
      allowance: 'reset',
      audit: 'auth.password_reset_requested',
    });
    return { message: messages.forgotPasswordSent };
  });
}

export async function resetPassword(
  call: AuthCall,
  input: { token: string; password: string },
): Promise<{ message: string }> {
  const { deps, request } = call;
  await admitTokenUse(call, 'reset-password');
  // The token first: a wrong one costs a lookup, not a password hash.
  if (!(await isUserTokenValid(deps.db, input.token, 'password_reset'))) {
    throw appError('BAD_REQUEST', messages.invalidOrExpiredToken);
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, input.token, 'password_reset');
    if (!userId) throw appError('BAD_REQUEST', messages.invalidOrExpiredToken);
    const [user] = await tx
      .update(users)
      // The link reached the mailbox, so the address is proven as well.
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw appError('BAD_REQUEST', messages.invalidOrExpiredToken);
    await deleteUserSessions(tx, userId);
    await recordAudit(tx, { event: 'auth.password_reset', userId, request });
    // Told whatever the preferences say: a reset may be someone else's doing.
    await publishEvent(tx, userId, {
      type: 'security:alert',
      data: { title: 'Your password was reset', detail: 'All your sessions were signed out.' },
    });
    await deps.mailer.enqueue(
      tx,
      securityAlertEmail(
        user.email,
        user.firstName,
        'Your password was reset',
        'All your sessions were signed out.',
      ),
    );
  });
  await tokenUseSucceeded(call, 'reset-password');
  return { message: 'Password reset successful' };
}

export async function changePassword(
  call: AuthCall,
  auth: SessionWithUser,
  input: z.infer<typeof changePasswordInput>,
): Promise<{ message: string }> {
  const { deps, request } = call;
  await admitPasswordCheck(deps, auth.user.id);
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
    await recordAudit(deps.db, {
      event: 'auth.password_check_failure',
      userId: auth.user.id,
      request,
    });
    throw appError('BAD_REQUEST', messages.wrongCurrentPassword);
  }
  await passwordCheckSucceeded(deps, auth.user.id);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    // Every other device signs in again with the new password.
    await protectionChanged(
      deps,
      tx,
      { auth, request, event: 'auth.password_changed' },
      { title: 'Your password was changed', detail: 'Your other sessions were signed out.' },
    );
  });
  return { message: 'Password changed successfully' };
}

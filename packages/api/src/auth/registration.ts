import { randomUUID } from 'node:crypto';
import { hashPassword } from '@bank/auth/password';
import { users } from '@bank/db/schema';
import type { registerInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { appError, tooManyRequests } from '../errors.ts';
import { securityAlertEmail, verificationEmail } from '../mail/templates.ts';
import { limits } from '../rate-limit.ts';
import { admitTokenUse, tokenUseSucceeded } from './attempts.ts';
import { type AuthCall, emailLink, findUserByEmail } from './call.ts';
import { writeNewAccount } from './new-account.ts';
import { answeredEvenly, mailTokenLink } from './token-mail.ts';
import { consumeUserToken } from './tokens.ts';

// Registration: a new account, its e-mail verification, and the verification mail again.

export async function register(
  call: AuthCall,
  input: z.infer<typeof registerInput>,
): Promise<{ message: string; email: string }> {
  const { deps, request } = call;
  const ipKey = `register:ip:${request.ip ?? 'unknown'}`;
  if (
    (await deps.rateLimiter.hit(ipKey, limits.registerPerAddress.windowMs)) >
    limits.registerPerAddress.max
  ) {
    throw tooManyRequests(messages.tooManyRequests, limits.registerPerAddress.windowMs);
  }
  const email = input.email.toLowerCase();
  // The same work whether or not the address has an account (docs/decisions/006):
  // one hash, one count of mail to the address, a new account's writes and one e-mail, so the
  // answer's timing does not tell.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, email);
  const mailWithinLimit =
    (await deps.rateLimiter.hit(`register:to:${email}`, limits.mailPerRecipient.windowMs)) <=
    limits.mailPerRecipient.max;
  const account = {
    email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber,
    dateOfBirth: input.dateOfBirth,
  };
  if (existing) {
    // Answer as for a new account (no enumeration); tell the owner instead, a few times an hour.
    // Written in one transaction with an audit row, as a new account's rows are.
    const warnOwner = mailWithinLimit;
    await deps.db.transaction(async (tx) => {
      // A new account's rows, written and undone: as many writes as a new address costs.
      await tx.execute(sql`savepoint registration_rehearsal`);
      await writeNewAccount(tx, { ...account, email: `rehearsal-${randomUUID()}@invalid.test` });
      await tx.execute(sql`rollback to savepoint registration_rehearsal`);
      if (warnOwner) {
        await deps.mailer.enqueue(
          tx,
          securityAlertEmail(
            email,
            existing.firstName,
            'Someone tried to register with your email address',
            'You already have an account. Sign in, or reset your password if you forgot it.',
          ),
        );
      }
      await recordAudit(tx, {
        event: 'auth.register_existing_email',
        userId: existing.id,
        email,
        request,
      });
    });
    return { message: 'Registration successful. Please verify your email.', email };
  }
  await deps.db.transaction(async (tx) => {
    const { user, verificationToken: token } = await writeNewAccount(tx, account);
    await deps.mailer.enqueue(
      tx,
      verificationEmail(email, user.firstName, emailLink(deps, request, '/verify-email', token)),
    );
    await recordAudit(tx, { event: 'auth.register', userId: user.id, request });
  });
  return { message: 'Registration successful. Please verify your email.', email };
}

export async function verifyEmail(call: AuthCall, token: string): Promise<{ message: string }> {
  const { deps, request } = call;
  await admitTokenUse(call, 'verify-email');
  await deps.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, 'email_verification');
    if (!userId) throw appError('BAD_REQUEST', messages.invalidOrExpiredToken);
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    await recordAudit(tx, { event: 'auth.email_verified', userId, request });
  });
  await tokenUseSucceeded(call, 'verify-email');
  return { message: 'Email verified successfully' };
}

export async function resendVerification(
  call: AuthCall,
  email: string,
): Promise<{ message: string }> {
  return answeredEvenly(async () => {
    await mailTokenLink(call, email, {
      path: '/verify-email',
      purpose: 'email_verification',
      wanted: (user) => !user.emailVerifiedAt && !user.isBlocked,
      compose: verificationEmail,
      allowance: 'verify',
    });
    return { message: 'Verification email resent!' };
  });
}

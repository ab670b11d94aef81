import { randomUUID } from 'node:crypto';
import { open, seal } from '@bank/auth/cipher';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@bank/auth/password';
import { randomToken, sha256Hex } from '@bank/auth/random';
import { encodeTotpKey, generateTotpKey, matchTotp, totpUri } from '@bank/auth/totp';
import type { Executor } from '@bank/db';
import { recoveryCodes, sessions, users } from '@bank/db/schema';
import type {
  changePasswordInput,
  loginInput,
  notificationPreferencesInput,
  profileInput,
  registerInput,
} from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { type AppDeps, linkOrigin, type RequestInfo, type SessionCookieJar } from '../context.ts';
import { appError, tooManyRequests } from '../errors.ts';
import {
  formatEmailDate,
  passwordResetEmail,
  securityAlertEmail,
  verificationEmail,
} from '../mail/templates.ts';
import { limits } from '../rate-limit.ts';
import { publishEvent } from '../realtime/events.ts';
import { getBankSettings } from '../settings/service.ts';
import { userView } from './account-summary.ts';
import {
  admitPasswordCheck,
  admitSecondFactor,
  admitSignIn,
  admitTokenUse,
  passwordCheckSucceeded,
  readEndSessionsToken,
  secondFactorSucceeded,
  signInSucceeded,
  tokenUseSucceeded,
} from './attempts.ts';
import { hasTwoFactor, type UserDto, type UserRow } from './dto.ts';
import { answerEvenly } from './even-answer.ts';
import { writeNewAccount } from './new-account.ts';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type SessionWithUser,
} from './sessions.ts';
import { consumeUserToken, issueUserToken, isUserTokenValid } from './tokens.ts';

export interface AuthCall {
  deps: AppDeps;
  request: RequestInfo;
  cookies: SessionCookieJar;
}

async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

function link(deps: AppDeps, request: RequestInfo, path: string, token: string): string {
  return `${linkOrigin(deps, request)}${path}?token=${encodeURIComponent(token)}`;
}

// ---------------------------------------------------------------- registration

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
      verificationEmail(email, user.firstName, link(deps, request, '/verify-email', token)),
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

/** Mail-sending calls are limited per address (429) and per recipient (silently). */
async function allowMail(deps: AppDeps, request: RequestInfo, kind: string, email: string) {
  const ipCount = await deps.rateLimiter.hit(
    `${kind}:ip:${request.ip ?? 'unknown'}`,
    limits.mailPerAddress.windowMs,
  );
  if (ipCount > limits.mailPerAddress.max)
    throw tooManyRequests(messages.tooManyRequests, limits.mailPerAddress.windowMs);
  const toCount = await deps.rateLimiter.hit(
    `${kind}:to:${email}`,
    limits.mailPerRecipient.windowMs,
  );
  return toCount <= limits.mailPerRecipient.max;
}

export async function resendVerification(
  call: AuthCall,
  email: string,
): Promise<{ message: string }> {
  const startedAt = performance.now();
  try {
    return await resendVerificationMail(call, email);
  } finally {
    await answerEvenly(startedAt);
  }
}

async function resendVerificationMail(call: AuthCall, email: string): Promise<{ message: string }> {
  const { deps, request } = call;
  if (await allowMail(deps, request, 'verify', email)) {
    const user = await findUserByEmail(deps.db, email);
    if (user && !user.emailVerifiedAt && !user.isBlocked) {
      await deps.db.transaction(async (tx) => {
        const token = await issueUserToken(tx, user.id, 'email_verification');
        await deps.mailer.enqueue(
          tx,
          verificationEmail(
            user.email,
            user.firstName,
            link(deps, request, '/verify-email', token),
          ),
        );
      });
    }
  }
  return { message: 'Verification email resent!' };
}

// ---------------------------------------------------------------- sign-in

export interface LoginResult {
  user: UserDto;
  token: string;
  twoFactorRequired: boolean;
}

export async function login(
  call: AuthCall,
  input: z.infer<typeof loginInput>,
): Promise<LoginResult> {
  const { deps, request } = call;
  const email = input.email.toLowerCase();
  // Counted before judged: parallel guesses each spend an attempt (docs/decisions/014).
  await admitSignIn(call, email);
  const fail = async (reason: string, userId?: string) => {
    await recordAudit(deps.db, {
      event: 'auth.login.failure',
      userId,
      email,
      request,
      details: { reason },
    });
  };
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await fail('unknown_email');
    throw appError('UNAUTHORIZED', messages.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await fail('wrong_password', user.id);
    throw appError('UNAUTHORIZED', messages.invalidCredentials);
  }
  await signInSucceeded(call, email);
  if (user.isBlocked) {
    await recordAudit(deps.db, {
      event: 'auth.login.failure',
      userId: user.id,
      email,
      request,
      details: { reason: 'blocked' },
    });
    const { supportEmail, supportPhone } = await deps.settings.get();
    throw appError(
      'FORBIDDEN',
      messages.accountBlockedContact(supportEmail, supportPhone),
      'ACCOUNT_BLOCKED',
    );
  }
  // Maintenance leaves the bank to its administrators (SPEC.md 6); the password was right.
  if (user.role !== 'admin' && (await deps.settings.get()).maintenanceMode) {
    throw appError('SERVICE_UNAVAILABLE', messages.maintenance, 'MAINTENANCE');
  }
  if (!user.emailVerifiedAt) {
    await recordAudit(deps.db, {
      event: 'auth.login.failure',
      userId: user.id,
      email,
      request,
      details: { reason: 'email_not_verified' },
    });
    throw appError('FORBIDDEN', messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  }
  const twoFactorRequired = hasTwoFactor(user);
  const { token, session } = await deps.db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: user.id,
      persistent: input.rememberMe,
      twoFactorVerified: !twoFactorRequired,
      ip: request.ip,
      userAgent: request.userAgent,
    });
    await recordAudit(tx, {
      event: 'auth.login.success',
      userId: user.id,
      email,
      request,
      details: { twoFactorPending: twoFactorRequired },
    });
    if (!twoFactorRequired) await announceSignIn(deps, tx, user, request);
    return created;
  });
  call.cookies.set(token, { persistent: session.persistent, expiresAt: session.expiresAt });
  return { user: await userView(deps, user, session), token, twoFactorRequired };
}

/** A completed sign-in: a live alert to the user's other devices and, if wanted, an e-mail. */
async function announceSignIn(deps: AppDeps, tx: Executor, user: UserRow, request: RequestInfo) {
  const now = new Date();
  const at = now.toISOString();
  await publishEvent(tx, user.id, {
    type: 'security:signin',
    data: { at, ip: request.ip, userAgent: request.userAgent },
  });
  if (user.notifySecurity) {
    await deps.mailer.enqueue(
      tx,
      securityAlertEmail(
        user.email,
        user.firstName,
        'New sign-in to your account',
        `When: ${formatEmailDate(now)}. Address: ${request.ip ?? 'unknown'}. Device: ${request.userAgent ?? 'unknown'}.`,
      ),
    );
  }
}

export async function logout(call: AuthCall, auth: SessionWithUser): Promise<{ message: string }> {
  await deleteSession(call.deps.db, auth.session.id);
  await recordAudit(call.deps.db, {
    event: 'auth.logout',
    userId: auth.user.id,
    request: call.request,
  });
  call.cookies.clear();
  return { message: 'Signed out' };
}

/**
 * The link of a failed-sign-ins alert: every session of the account ends (on every instance),
 * except the one clicking it if it is the owner's own.
 */
export async function endSessionsByLink(
  call: AuthCall,
  auth: SessionWithUser | null,
  token: string,
): Promise<{ message: string }> {
  const { deps, request } = call;
  await admitTokenUse(call, 'end-sessions');
  const userId = readEndSessionsToken(deps.encryptionKey, token);
  if (!userId) throw appError('BAD_REQUEST', messages.invalidOrExpiredToken);
  const keep = auth?.user.id === userId ? auth.session.id : undefined;
  await deps.db.transaction(async (tx) => {
    await deleteUserSessions(tx, userId, keep);
    await recordAudit(tx, {
      event: 'auth.sessions_ended',
      userId,
      request,
      details: { via: 'alert link' },
    });
  });
  await tokenUseSucceeded(call, 'end-sessions');
  return { message: 'Every other session was signed out' };
}

// ---------------------------------------------------------------- passwords

export async function forgotPassword(call: AuthCall, email: string): Promise<{ message: string }> {
  const startedAt = performance.now();
  try {
    return await requestPasswordReset(call, email);
  } finally {
    await answerEvenly(startedAt);
  }
}

async function requestPasswordReset(call: AuthCall, email: string): Promise<{ message: string }> {
  const { deps, request } = call;
  if (await allowMail(deps, request, 'reset', email)) {
    const user = await findUserByEmail(deps.db, email);
    if (user && !user.isBlocked) {
      await deps.db.transaction(async (tx) => {
        const token = await issueUserToken(tx, user.id, 'password_reset');
        await deps.mailer.enqueue(
          tx,
          passwordResetEmail(
            user.email,
            user.firstName,
            link(deps, request, '/reset-password', token),
          ),
        );
        await recordAudit(tx, { event: 'auth.password_reset_requested', userId: user.id, request });
      });
    }
  }
  return { message: messages.forgotPasswordSent };
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
    await deleteUserSessions(tx, auth.user.id, auth.session.id);
    await recordAudit(tx, { event: 'auth.password_changed', userId: auth.user.id, request });
    if (auth.user.notifySecurity) {
      await deps.mailer.enqueue(
        tx,
        securityAlertEmail(
          auth.user.email,
          auth.user.firstName,
          'Your password was changed',
          'Your other sessions were signed out.',
        ),
      );
    }
  });
  return { message: 'Password changed successfully' };
}

// ---------------------------------------------------------------- two-factor

export async function setupTwoFactor(call: AuthCall, auth: SessionWithUser) {
  const { deps } = call;
  if (hasTwoFactor(auth.user))
    throw appError('BAD_REQUEST', 'Two-factor authentication is already enabled');
  const key = generateTotpKey();
  await deps.db
    .update(users)
    .set({ twoFactorPendingSecret: seal(deps.encryptionKey, key), updatedAt: new Date() })
    .where(eq(users.id, auth.user.id));
  const { bankName } = await getBankSettings(deps.db);
  const otpauthUrl = totpUri(key, bankName, auth.user.email);
  return {
    secret: encodeTotpKey(key),
    otpauthUrl,
    // Loaded on first use: few servers set up two-factor often enough to keep it resident.
    qrCode: await (await import('qrcode')).default.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
}

/** Accepts a TOTP step once: the conditional update wins for exactly one concurrent caller. */
async function consumeTotp(
  db: Executor,
  user: UserRow,
  key: Uint8Array,
  code: string,
): Promise<boolean> {
  const step = matchTotp(key, code, { lastUsedStep: user.totpLastStep });
  if (step === null) return false;
  const [row] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return row !== undefined;
}

async function consumeRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256Hex(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return row !== undefined;
}

/**
 * A six-digit code from the app, or a recovery code; counted before judged, per session and
 * per account, so too many (even in parallel) answer 429.
 */
async function checkSecondFactor(call: AuthCall, auth: SessionWithUser, code: string) {
  const { deps, request } = call;
  const { user } = auth;
  await admitSecondFactor(deps, user.id, auth.session.id);
  let ok = false;
  if (/^\d{6}$/.test(code) && user.twoFactorSecret) {
    ok = await consumeTotp(deps.db, user, open(deps.encryptionKey, user.twoFactorSecret), code);
  } else if (!/^\d{6}$/.test(code)) {
    ok = await consumeRecoveryCode(deps.db, user.id, code);
    if (ok)
      await recordAudit(deps.db, { event: 'auth.recovery_code_used', userId: user.id, request });
  }
  if (!ok) {
    await recordAudit(deps.db, { event: 'auth.2fa_failure', userId: user.id, request });
    throw appError('BAD_REQUEST', messages.invalidTwoFactorCode);
  }
  await secondFactorSucceeded(deps, user.id, auth.session.id);
}

export function generateRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const raw = randomToken(7).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
  });
}

/** Confirms set-up with the first code from the app; answers the recovery codes once. */
export async function enableTwoFactor(call: AuthCall, auth: SessionWithUser, code: string) {
  const { deps, request } = call;
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user?.twoFactorPendingSecret) throw appError('BAD_REQUEST', 'Start two-factor set-up first');
  if (hasTwoFactor(user))
    throw appError('BAD_REQUEST', 'Two-factor authentication is already enabled');
  const key = open(deps.encryptionKey, user.twoFactorPendingSecret);
  await admitSecondFactor(deps, user.id, auth.session.id);
  const step = matchTotp(key, code);
  if (step === null) throw appError('BAD_REQUEST', messages.invalidTwoFactorCode);
  await secondFactorSucceeded(deps, user.id, auth.session.id);
  const codes = generateRecoveryCodes();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        twoFactorSecret: user.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        totpLastStep: step,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: sha256Hex(c) })));
    await deleteUserSessions(tx, user.id, auth.session.id);
    await recordAudit(tx, { event: 'auth.2fa_enabled', userId: user.id, request });
    if (user.notifySecurity) {
      await deps.mailer.enqueue(
        tx,
        securityAlertEmail(
          user.email,
          user.firstName,
          'Two-factor authentication was enabled',
          'Keep your recovery codes safe.',
        ),
      );
    }
    return row;
  });
  if (!updated) throw new Error('User update returned nothing');
  await deps.db
    .update(sessions)
    .set({ twoFactorVerified: true })
    .where(eq(sessions.id, auth.session.id));
  return {
    recoveryCodes: codes,
    user: await userView(deps, updated, { twoFactorVerified: true }),
  };
}

/** The second step of a sign-in with 2FA. */
export async function verifyTwoFactorSignIn(call: AuthCall, auth: SessionWithUser, code: string) {
  const { deps, request } = call;
  if (!hasTwoFactor(auth.user))
    throw appError('BAD_REQUEST', 'Two-factor authentication is not enabled');
  if (!auth.session.twoFactorVerified) {
    await checkSecondFactor(call, auth, code);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ twoFactorVerified: true })
        .where(eq(sessions.id, auth.session.id));
      await announceSignIn(deps, tx, auth.user, request);
    });
  }
  return {
    message: '2FA verification successful',
    user: await userView(deps, auth.user, { twoFactorVerified: true }),
  };
}

export async function disableTwoFactor(call: AuthCall, auth: SessionWithUser, code: string) {
  const { deps, request } = call;
  if (!hasTwoFactor(auth.user))
    throw appError('BAD_REQUEST', 'Two-factor authentication is not enabled');
  await checkSecondFactor(call, auth, code);
  const [updated] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        totpLastStep: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, auth.user.id))
      .returning();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, auth.user.id));
    // As when it was enabled: every other device signs in again, under the new rule.
    await deleteUserSessions(tx, auth.user.id, auth.session.id);
    await recordAudit(tx, { event: 'auth.2fa_disabled', userId: auth.user.id, request });
    if (auth.user.notifySecurity) {
      await deps.mailer.enqueue(
        tx,
        securityAlertEmail(
          auth.user.email,
          auth.user.firstName,
          'Two-factor authentication was disabled',
          'Your account is now protected by your password only.',
        ),
      );
    }
    return rows;
  });
  if (!updated) throw new Error('User update returned nothing');
  return {
    message: 'Two-factor authentication disabled',
    user: await userView(deps, updated, auth.session),
  };
}

// ---------------------------------------------------------------- profile

export async function updateProfile(
  call: AuthCall,
  auth: SessionWithUser,
  input: z.infer<typeof profileInput>,
): Promise<UserDto> {
  const { deps, request } = call;
  const address = input.address ?? {};
  const [updated] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      ...(input.address
        ? {
            street: address.street || null,
            city: address.city || null,
            state: address.state || null,
            zipCode: address.zipCode || null,
            country: address.country || null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, auth.user.id))
    .returning();
  if (!updated) throw new Error('User update returned nothing');
  await recordAudit(deps.db, { event: 'user.profile_updated', userId: auth.user.id, request });
  return userView(deps, updated, auth.session);
}

export async function updateNotificationPreferences(
  call: AuthCall,
  auth: SessionWithUser,
  input: z.infer<typeof notificationPreferencesInput>,
): Promise<UserDto> {
  const [updated] = await call.deps.db
    .update(users)
    .set({
      notifyTransactions: input.transactionNotifications,
      notifySecurity: input.securityAlerts,
      notifyMarketing: input.marketingCommunications,
      ...(input.supportReplies === undefined ? {} : { notifySupport: input.supportReplies }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, auth.user.id))
    .returning();
  if (!updated) throw new Error('User update returned nothing');
  return userView(call.deps, updated, auth.session);
}

import { burnPasswordCheck, verifyPassword } from '@bank/auth/password';
import type { loginInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import { appError } from '../errors.ts';
import { userView } from './account-summary.ts';
import {
  admitSignIn,
  admitTokenUse,
  readEndSessionsToken,
  signInSucceeded,
  tokenUseSucceeded,
} from './attempts.ts';
import { type AuthCall, findUserByEmail } from './call.ts';
import { hasTwoFactor, type UserDto } from './dto.ts';
import { announceSignIn } from './security-alerts.ts';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type SessionWithUser,
} from './sessions.ts';

// Signing in and out, and the alert link that ends every other session.

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
    await fail('blocked', user.id);
    const { supportEmail, supportPhone } = await deps.settings.get();
    throw appError(
      'FORBIDDEN',
      messages.accountBlockedContact(supportEmail, supportPhone),
      'ACCOUNT_BLOCKED',
    );
  }
  // Maintenance leaves the bank to its administrators (docs/product.md 6); the password was right.
  if (user.role !== 'admin' && (await deps.settings.get()).maintenanceMode) {
    throw appError('SERVICE_UNAVAILABLE', messages.maintenance, 'MAINTENANCE');
  }
  if (!user.emailVerifiedAt) {
    await fail('email_not_verified', user.id);
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

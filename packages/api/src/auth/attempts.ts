import { createHmac, timingSafeEqual } from 'node:crypto';
import { users } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { tooManyRequests } from '../errors.ts';
import { linkOrigin } from '../mail/link-origin.ts';
import { securityAlertEmail } from '../mail/templates.ts';
import { consume, limits } from '../rate-limit.ts';

/**
 * Every guess at a secret (password, TOTP or recovery code, e-mailed token) is recorded before
 * it is judged, so N parallel guesses spend N attempts (the security review; docs/decisions/014).
 */

interface Caller {
  deps: AppDeps;
  request: RequestInfo;
}

function tooMany(retryAfterMs: number): never {
  throw tooManyRequests(messages.tooManyRequests, retryAfterMs);
}

const address = (request: RequestInfo) => request.ip ?? 'unknown';

function signInKeys(email: string, request: RequestInfo) {
  return {
    pair: `login:acct-ip:${email}:${address(request)}`,
    address: `login:ip:${address(request)}`,
    account: `login:acct:${email}`,
  };
}

/**
 * Admits one sign-in attempt for `email`, or answers 429. Judged per (account, address) and per
 * address; the account as a whole only slows down. The first refusal of each kind is audited
 * and tells the owner by e-mail, with a link that signs every session out.
 */
export async function admitSignIn(call: Caller, email: string): Promise<void> {
  const { deps, request } = call;
  const keys = signInKeys(email, request);
  const [pairCount, addressCount] = await Promise.all([
    deps.rateLimiter.hit(keys.pair, limits.loginPerAccountAddress.windowMs),
    deps.rateLimiter.hit(keys.address, limits.loginPerAddress.windowMs),
  ]);
  if (pairCount > limits.loginPerAccountAddress.max || addressCount > limits.loginPerAddress.max) {
    if (pairCount === limits.loginPerAccountAddress.max + 1) {
      await reportLockout(call, email, 'address');
    } else {
      await auditRefusal(call, email, 'rate_limited');
    }
    tooMany(limits.loginPerAddress.windowMs);
  }
  const account = await deps.rateLimiter.backoff(keys.account, limits.loginPerAccount);
  if (!account.allowed) {
    await auditRefusal(call, email, 'account_slowed');
    tooMany(limits.loginPerAccount.maxMs);
  }
  if (account.attempts === limits.loginPerAccount.free + 1) {
    await reportLockout(call, email, 'account');
  }
}

/** The right password: this address's attempts for the account are forgiven. */
export async function signInSucceeded(call: Caller, email: string): Promise<void> {
  const keys = signInKeys(email, call.request);
  await Promise.all([
    call.deps.rateLimiter.reset(keys.pair),
    call.deps.rateLimiter.reset(keys.account),
    call.deps.rateLimiter.refund(keys.address),
  ]);
}

/** A sign-in refused before its password was judged, as the failures' audit reads it. */
async function auditRefusal(
  call: Caller,
  email: string,
  reason: 'rate_limited' | 'account_slowed',
) {
  await recordAudit(call.deps.db, {
    event: 'auth.login.failure',
    email,
    request: call.request,
    details: { reason },
  });
}

async function reportLockout(call: Caller, email: string, scope: 'address' | 'account') {
  const { deps, request } = call;
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  await recordAudit(deps.db, {
    event: 'auth.login.locked',
    userId: user?.id,
    email,
    request,
    details: {
      scope,
      reason:
        scope === 'address'
          ? 'too many failed sign-ins from one address'
          : 'too many failed sign-ins from many addresses; attempts slowed down',
    },
  });
  if (!user) return;
  // A few alerts an hour at most, whoever keeps guessing.
  const allowed = await consume(
    deps.rateLimiter,
    `lockout-alert:to:${email}`,
    limits.mailPerRecipient,
  );
  if (!allowed) return;
  await deps.mailer.enqueue(deps.db, lockoutAlertEmail(deps, user, request, scope));
}

function lockoutAlertEmail(
  deps: AppDeps,
  user: { id: string; email: string; firstName: string },
  request: RequestInfo,
  scope: 'address' | 'account',
) {
  const url = `${linkOrigin(deps, request)}/secure-account?token=${encodeURIComponent(
    endSessionsToken(deps.encryptionKey, user.id),
  )}`;
  return securityAlertEmail(
    user.email,
    user.firstName,
    'Repeated failed sign-ins to your account',
    scope === 'address'
      ? `Someone at address ${address(request)} entered a wrong password several times; that address must now wait. You can still sign in from your own devices.`
      : 'Wrong passwords keep arriving from several addresses; sign-in attempts are slowed down for a while.',
    { label: 'Sign out every session', url },
  );
}

// ---------------------------------------------------------------- the e-mailed link

const END_SESSIONS_TTL_MS = 24 * 60 * 60_000;

function endSessionsMac(key: Buffer, payload: string): Buffer {
  // A key of its own for this purpose, derived from the configured one.
  const purposeKey = createHmac('sha256', key).update('end-sessions-link').digest();
  return createHmac('sha256', purposeKey).update(payload).digest();
}

/** A signed `userId.expiry` for the alert's link: needs no row, and only we can make one. */
export function endSessionsToken(key: Buffer, userId: string, now = Date.now()): string {
  const payload = `${userId}.${now + END_SESSIONS_TTL_MS}`;
  return `${payload}.${endSessionsMac(key, payload).toString('base64url')}`;
}

/** The user the link was made for, or null when it is forged, altered or expired. */
export function readEndSessionsToken(key: Buffer, token: string, now = Date.now()) {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, expiry, mac] = parts as [string, string, string];
  const expected = endSessionsMac(key, `${userId}.${expiry}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) < now) return null;
  return userId;
}

// ---------------------------------------------------------------- other secrets

/** A TOTP or recovery code: per session (the one guessing) and per account (all sessions). */
export async function admitSecondFactor(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<void> {
  const [perSession, perUser] = await Promise.all([
    consume(deps.rateLimiter, `2fa:session:${sessionId}`, limits.twoFactorPerSession),
    consume(deps.rateLimiter, `2fa:user:${userId}`, limits.twoFactorPerUser),
  ]);
  if (!perSession || !perUser) tooMany(limits.twoFactorPerSession.windowMs);
}

export async function secondFactorSucceeded(deps: AppDeps, userId: string, sessionId: string) {
  await Promise.all([
    deps.rateLimiter.reset(`2fa:session:${sessionId}`),
    deps.rateLimiter.reset(`2fa:user:${userId}`),
  ]);
}

/** The current password, asked again by change-password: per user. */
export async function admitPasswordCheck(deps: AppDeps, userId: string): Promise<void> {
  if (!(await consume(deps.rateLimiter, `password-check:${userId}`, limits.passwordCheckPerUser)))
    tooMany(limits.passwordCheckPerUser.windowMs);
}

export async function passwordCheckSucceeded(deps: AppDeps, userId: string): Promise<void> {
  await deps.rateLimiter.reset(`password-check:${userId}`);
}

/**
 * An e-mailed token (verify-email, reset-password, the sign-out link): per address. A token
 * that works gives its attempt back, so only wrong ones add up.
 */
export async function admitTokenUse(call: Caller, kind: string): Promise<void> {
  if (!(await consume(call.deps.rateLimiter, tokenKey(call, kind), limits.tokenPerAddress)))
    tooMany(limits.tokenPerAddress.windowMs);
}

export async function tokenUseSucceeded(call: Caller, kind: string): Promise<void> {
  await call.deps.rateLimiter.refund(tokenKey(call, kind));
}

const tokenKey = (call: Caller, kind: string) => `token:${kind}:${address(call.request)}`;

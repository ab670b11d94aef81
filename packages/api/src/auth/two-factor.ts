import { open, seal } from '@bank/auth/cipher';
import { randomToken, sha256Hex } from '@bank/auth/random';
import { encodeTotpKey, generateTotpKey, matchTotp, totpUri } from '@bank/auth/totp';
import type { Executor } from '@bank/db';
import { recoveryCodes, sessions, users } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import { appError } from '../errors.ts';
import { getBankSettings } from '../settings/service.ts';
import { userView } from './account-summary.ts';
import { admitSecondFactor, secondFactorSucceeded } from './attempts.ts';
import type { AuthCall } from './call.ts';
import { hasTwoFactor, type UserRow } from './dto.ts';
import { announceSignIn, protectionChanged } from './security-alerts.ts';
import type { SessionWithUser } from './sessions.ts';

// Two-factor authentication: set-up, the second step of a sign-in, and turning it off.

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
export async function consumeTotp(
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
    await protectionChanged(
      deps,
      tx,
      { auth, request, event: 'auth.2fa_enabled' },
      { title: 'Two-factor authentication was enabled', detail: 'Keep your recovery codes safe.' },
    );
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
    await protectionChanged(
      deps,
      tx,
      { auth, request, event: 'auth.2fa_disabled' },
      {
        title: 'Two-factor authentication was disabled',
        detail: 'Your account is now protected by your password only.',
      },
    );
    return rows;
  });
  if (!updated) throw new Error('User update returned nothing');
  return {
    message: 'Two-factor authentication disabled',
    user: await userView(deps, updated, auth.session),
  };
}

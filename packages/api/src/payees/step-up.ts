import { randomInt } from 'node:crypto';
import { open } from '@bank/auth/cipher';
import { sha256Hex } from '@bank/auth/random';
import type { Executor } from '@bank/db';
import { stepUpCodes } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hasTwoFactor } from '../auth/dto.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { consumeTotp } from '../auth/two-factor.ts';
import type { AppDeps } from '../deps.ts';
import { appError, tooManyRequests } from '../errors.ts';
import { actionEmail } from '../mail/templates.ts';
import { limits } from '../rate-limit.ts';

export type StepUpPurpose = 'payee';

const CODE_TTL_MS = 10 * 60_000;

export const stepUpMessages = {
  required: 'Confirm this change with a second factor: enter the 6-digit code.',
  wrong: 'The code is wrong or has expired. Ask for a new one.',
};

/** Without a valid second factor: 403 with reason STEP_UP_REQUIRED, and nothing is saved. */
const stepUpRequired = (message: string) => appError('FORBIDDEN', message, 'STEP_UP_REQUIRED');

/**
 * POST /auth/step-up: with 2FA on, the code is the app's (nothing is sent); otherwise six digits
 * are e-mailed, valid 10 minutes, once. Counted per user before anything is sent: over the limit
 * answers 429, never an e-mail silently dropped (the outbox's per-recipient limit is not used).
 */
export async function requestStepUpCode(
  deps: AppDeps,
  auth: SessionWithUser,
  purpose: StepUpPurpose,
  now = new Date(),
) {
  if (hasTwoFactor(auth.user))
    return {
      method: 'totp' as const,
      message: 'Enter the code from your authenticator app.',
      expiresAt: null,
    };
  const limit = limits.stepUpSendPerUser;
  const { count, resetInMs } = await deps.rateLimiter.take(
    `step-up:send:user:${auth.user.id}`,
    limit.windowMs,
  );
  if (count > limit.max) throw tooManyRequests(messages.tooManyRequests, resetInMs);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await tx.insert(stepUpCodes).values({
      userId: auth.user.id,
      purpose,
      codeHash: sha256Hex(code),
      expiresAt,
      createdAt: now,
    });
    await deps.mailer.enqueue(
      tx,
      actionEmail({
        to: auth.user.email,
        subject: `Your confirmation code: ${code}`,
        greeting: `Hello ${auth.user.firstName},`,
        lines: [
          `Your code to confirm a change to your payees is ${code}.`,
          'It works once, for 10 minutes.',
          'If you did not ask for it, do not share it: change your password and contact support.',
        ],
      }),
    );
  });
  return {
    method: 'email' as const,
    message: 'We sent a 6-digit code to your e-mail. It works once, for 10 minutes.',
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Runs `work` in one transaction with the second factor spent in it: a refusal by `work`
 * rolls the code back, so it is not lost, and without a valid code nothing is saved. The guess
 * is counted first (decision 014), outside the transaction: at most 10 in 15 minutes.
 */
export async function withStepUp<T>(
  deps: AppDeps,
  auth: SessionWithUser,
  purpose: StepUpPurpose,
  code: string | undefined,
  work: (tx: Executor) => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (!code) throw stepUpRequired(stepUpMessages.required);
  const key = `step-up:guess:user:${auth.user.id}`;
  const limit = limits.stepUpGuessPerUser;
  const { count, resetInMs } = await deps.rateLimiter.take(key, limit.windowMs);
  if (count > limit.max) throw tooManyRequests(messages.tooManyRequests, resetInMs);
  let right = false;
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await spend(deps, tx, auth, purpose, code, now)))
        throw stepUpRequired(stepUpMessages.wrong);
      right = true;
      return work(tx);
    });
  } finally {
    // The owner's right code never counts against them.
    if (right) await deps.rateLimiter.refund(key);
  }
}

async function spend(
  deps: AppDeps,
  tx: Executor,
  auth: SessionWithUser,
  purpose: StepUpPurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const { user } = auth;
  if (user.twoFactorSecret)
    return consumeTotp(tx, user, open(deps.encryptionKey, user.twoFactorSecret), code);
  const [row] = await tx
    .update(stepUpCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUpCodes.userId, user.id),
        eq(stepUpCodes.purpose, purpose),
        eq(stepUpCodes.codeHash, sha256Hex(code)),
        isNull(stepUpCodes.usedAt),
        gt(stepUpCodes.expiresAt, now),
      ),
    )
    .returning({ id: stepUpCodes.id });
  return row !== undefined;
}

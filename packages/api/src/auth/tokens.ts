import { randomToken, sha256Hex } from '@bank/auth/random';
import type { Executor } from '@bank/db';
import { userTokens } from '@bank/db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';

export type Purpose = (typeof userTokens.$inferSelect)['purpose'];

export const TOKEN_TTL_MS: Record<Purpose, number> = {
  email_verification: 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
};

/** A set-your-password link for an account an administrator opened. */
export const INVITATION_TTL_MS = 72 * 60 * 60_000;

/** Issues a fresh single-use token; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(
  db: Executor,
  userId: string,
  purpose: Purpose,
  ttlMs = TOKEN_TTL_MS[purpose],
): Promise<string> {
  const token = randomToken(32);
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Marks the token used and returns its user id, or null if unknown, used or expired. */
export async function consumeUserToken(
  db: Executor,
  token: string,
  purpose: Purpose,
): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** Whether the token would be accepted now, without using it (consume decides, atomically). */
export async function isUserTokenValid(
  db: Executor,
  token: string,
  purpose: Purpose,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(usable(token, purpose));
  return row !== undefined;
}

/** The token's row, if it is of this purpose, unused and not yet expired. */
function usable(token: string, purpose: Purpose) {
  return and(
    eq(userTokens.tokenHash, sha256Hex(token)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );
}

import type { Database } from '@bank/db';
import { idempotencyKeys, rateLimitBuckets, sessions, userTokens } from '@bank/db/schema';
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { IDEMPOTENCY_RETENTION_MS } from '../transactions/idempotency.ts';

/** Used or expired e-mail tokens are kept this long (for support questions), then dropped. */
const TOKEN_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * Removes what no request will ever read again: expired sessions, spent rate-limit windows,
 * old e-mail tokens and idempotency keys past their retention. Safe on every instance at once.
 */
export async function sweepExpired(db: Database, now = Date.now()) {
  const [expiredSessions, spentWindows, oldTokens, oldKeys] = await Promise.all([
    db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now)))
      .returning({ id: sessions.id }),
    db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.resetAt, new Date(now)))
      .returning({ key: rateLimitBuckets.key }),
    db
      .delete(userTokens)
      .where(
        or(
          lt(userTokens.expiresAt, new Date(now - TOKEN_RETENTION_MS)),
          and(
            isNotNull(userTokens.usedAt),
            lt(userTokens.usedAt, new Date(now - TOKEN_RETENTION_MS)),
          ),
        ),
      )
      .returning({ id: userTokens.id }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_RETENTION_MS)))
      .returning({ key: idempotencyKeys.key }),
  ]);
  return {
    sessions: expiredSessions.length,
    rateLimitWindows: spentWindows.length,
    tokens: oldTokens.length,
    idempotencyKeys: oldKeys.length,
  };
}

import type { Database } from '@bank/db';
import {
  events,
  idempotencyKeys,
  rateLimitBuckets,
  sessions,
  stepUpCodes,
  userTokens,
  webhookDeliveries,
} from '@bank/db/schema';
import { and, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { IDEMPOTENCY_RETENTION_MS } from '../ledger/idempotency.ts';

/** Events are replayed to clients that reconnect within this long (docs/architecture.md 6). */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** Used or expired e-mail tokens are kept this long (for support questions), then dropped. */
const TOKEN_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * A webhook delivery's log is kept 30 days after its last try began (delivered or given up),
 * long enough for an app's staff to look into a complaint and replay it; pending ones stay.
 */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Removes what no request will ever read again: expired sessions, spent rate-limit windows,
 * old e-mail tokens, and idempotency keys, events and finished webhook deliveries past their
 * retention. Safe on every instance at once.
 */
export async function sweepExpired(db: Database, now = Date.now()) {
  const [expiredSessions, spentWindows, oldTokens, oldKeys, oldEvents, oldCodes, oldDeliveries] =
    await Promise.all([
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
      // Events arrive in id order: everything before the first one young enough to keep.
      db
        .delete(events)
        .where(
          lt(
            events.id,
            sql`coalesce((select e.id from ${events} e where e.created_at >= ${new Date(now - EVENT_RETENTION_MS).toISOString()}::timestamptz
            order by e.id limit 1), (select max(e.id) + 1 from ${events} e), 0)`,
          ),
        )
        .returning({ id: events.id }),
      // Step-up codes live 10 minutes; a day later nobody asks about one.
      db
        .delete(stepUpCodes)
        .where(lt(stepUpCodes.expiresAt, new Date(now - 24 * 60 * 60_000)))
        .returning({ id: stepUpCodes.id }),
      db
        .delete(webhookDeliveries)
        .where(
          and(
            ne(webhookDeliveries.status, 'pending'),
            lt(webhookDeliveries.windowStartedAt, new Date(now - WEBHOOK_DELIVERY_RETENTION_MS)),
          ),
        )
        .returning({ id: webhookDeliveries.id }),
    ]);
  return {
    sessions: expiredSessions.length,
    rateLimitWindows: spentWindows.length,
    tokens: oldTokens.length,
    idempotencyKeys: oldKeys.length,
    events: oldEvents.length,
    stepUpCodes: oldCodes.length,
    webhookDeliveries: oldDeliveries.length,
  };
}

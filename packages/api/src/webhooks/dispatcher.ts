import { randomUUID } from 'node:crypto';
import type { Database } from '@bank/db';
import { webhookDeliveries, webhookOutbox, webhookSubscriptions } from '@bank/db/schema';
import { and, asc, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import type { AppAccess } from '../partners/app-access.ts';
import type { AppEvent } from '../realtime/events.ts';
import { webhookMessageId, webhookMessagesOf, webhookPayload } from './events.ts';
import type { WebhookSender } from './sender.ts';
import { openWebhookSecret } from './subscriptions.ts';

/** What the dispatcher needs: built once per instance; every instance runs one. */
export interface WebhookDispatch {
  db: Database;
  appAccess: AppAccess;
  encryptionKey: Buffer;
  sender: WebhookSender;
  /** Schedules the attempts: due, back-off, the 24 h window. Tests move it. */
  now: () => Date;
}

/** Retries stop this long after the first attempt (or the latest replay). */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** How long an instance holds a claimed delivery: well beyond one send's time-out. */
export const CLAIM_LEASE_MS = 60_000;

/**
 * Exponential back-off after `attempts` failed attempts: 5 s, 10 s, 20 s ... at most 4 h, so
 * about fifteen attempts fit in the 24 h window.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(4 * 60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Turns queued customer events into deliveries: one per subscription that asked for the event's
 * type, of an app the customer granted access, and that existed when the event happened. The
 * outbox rows are claimed with SKIP LOCKED and removed in the same transaction that writes the
 * deliveries, so each event is fanned out once, by one instance. Answers how many were queued.
 */
export async function fanOutWebhookEvents(dispatch: WebhookDispatch, batch = 100): Promise<number> {
  const [waiting] = await dispatch.db
    .select({ newest: max(webhookOutbox.eventId) })
    .from(webhookOutbox);
  const newest = waiting?.newest;
  if (newest === null || newest === undefined) return 0;
  // The subscriptions and who granted each app access are read before the transaction:
  // AppAccess reads through its own connection, which on the embedded database (one
  // connection) would wait for this transaction forever. Events queued after this read wait
  // for the next round, judged against what stands then.
  const subscriptions = await dispatch.db
    .select({
      id: webhookSubscriptions.id,
      clientId: webhookSubscriptions.clientId,
      events: webhookSubscriptions.events,
      createdAt: webhookSubscriptions.createdAt,
    })
    .from(webhookSubscriptions)
    .where(isNull(webhookSubscriptions.removedAt));
  const granted = new Map<string, Set<string>>();
  for (const clientId of new Set(subscriptions.map((subscription) => subscription.clientId))) {
    granted.set(clientId, new Set(await dispatch.appAccess.grantedUserIds(clientId)));
  }
  return dispatch.db.transaction(async (tx) => {
    const queued = await tx
      .select({
        eventId: webhookOutbox.eventId,
        userId: webhookOutbox.userId,
        // Written only by logAndNotify, from an AppEvent.
        event: sql<AppEvent>`${webhookOutbox.event}`,
        createdAt: webhookOutbox.createdAt,
      })
      .from(webhookOutbox)
      .where(lte(webhookOutbox.eventId, newest))
      .orderBy(asc(webhookOutbox.eventId))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (queued.length === 0) return 0;
    const now = dispatch.now();
    const deliveries: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const row of queued) {
      for (const message of webhookMessagesOf(row.userId, row.event)) {
        for (const subscription of subscriptions) {
          if (!subscription.events.includes(message.type)) continue;
          if (subscription.createdAt > row.createdAt) continue;
          if (!granted.get(subscription.clientId)?.has(row.userId)) continue;
          deliveries.push({
            subscriptionId: subscription.id,
            clientId: subscription.clientId,
            messageId: webhookMessageId(row.eventId, message.type),
            eventType: message.type,
            userId: row.userId,
            payload: webhookPayload(message, row.createdAt),
            nextAttemptAt: now,
            windowStartedAt: now,
          });
        }
      }
    }
    if (deliveries.length > 0) {
      await tx.insert(webhookDeliveries).values(deliveries).onConflictDoNothing();
    }
    await tx.delete(webhookOutbox).where(
      inArray(
        webhookOutbox.eventId,
        queued.map((row) => row.eventId),
      ),
    );
    return deliveries.length;
  });
}

const claimedRow = z.object({
  id: z.string(),
  message_id: z.string(),
  payload: z.string(),
  attempts: z.coerce.number().int(),
  url: z.string(),
  secret_sealed: z.string(),
});

/**
 * Sends the deliveries that are due. Each is claimed first (SKIP LOCKED, then a lease and a
 * claim id), so two instances never send one at the same time; a claim whose instance died
 * lapses after CLAIM_LEASE_MS and another takes it over. An outcome is recorded only while
 * this claim still holds. Answers how many were delivered.
 */
export async function deliverDueWebhooks(
  dispatch: WebhookDispatch,
  options: { batch?: number; leaseMs?: number } = {},
): Promise<number> {
  const now = dispatch.now();
  const claimId = randomUUID();
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? CLAIM_LEASE_MS));
  const claimed = await queryRows(
    dispatch.db,
    sql`with due as (
        select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
          and (d.locked_until is null or d.locked_until <= ${now.toISOString()}::timestamptz)
        order by d.next_attempt_at, d.id
        limit ${options.batch ?? 20}
        for update skip locked
      )
      update webhook_deliveries d
      set locked_until = ${leaseUntil.toISOString()}::timestamptz, claim_id = ${claimId}::uuid
      from due, webhook_subscriptions s
      where d.id = due.id and s.id = d.subscription_id
      returning d.id::text as id, d.message_id, d.payload, d.attempts, s.url, s.secret_sealed`,
    claimedRow,
  );
  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      const outcome = await dispatch.sender.send({
        url: row.url,
        secret: openWebhookSecret(dispatch.encryptionKey, row.secret_sealed),
        messageId: row.message_id,
        payload: row.payload,
      });
      await recordOutcome(dispatch, row, claimId, outcome);
      return outcome.ok;
    }),
  );
  return outcomes.filter(Boolean).length;
}

async function recordOutcome(
  dispatch: WebhookDispatch,
  row: z.output<typeof claimedRow>,
  claimId: string,
  outcome: { ok: boolean; statusCode: number | null; error: string | null },
): Promise<void> {
  // The outcome's own time: a slow receiver's answer comes after the claim began.
  const at = dispatch.now();
  const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.claimId, claimId));
  const released = { lockedUntil: null, claimId: null, lastAttemptAt: at };
  if (outcome.ok) {
    await dispatch.db
      .update(webhookDeliveries)
      .set({
        ...released,
        status: 'delivered',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: outcome.statusCode,
        lastError: null,
        deliveredAt: at,
        nextAttemptAt: null,
      })
      .where(mine);
    return;
  }
  const next = new Date(at.getTime() + retryDelayMs(row.attempts + 1)).toISOString();
  // Past the window the delivery is given up (staff can still replay it).
  const givesUp = sql`${next}::timestamptz > ${webhookDeliveries.windowStartedAt} + ${`${RETRY_WINDOW_MS} milliseconds`}::interval`;
  await dispatch.db
    .update(webhookDeliveries)
    .set({
      ...released,
      status: sql`case when ${givesUp} then 'failed' else 'pending' end::webhook_delivery_status`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: sql`case when ${givesUp} then null else ${next}::timestamptz end`,
    })
    .where(mine);
}

/** One pass of an instance's webhook worker: fan out what was logged, send what is due. */
export async function dispatchWebhooks(dispatch: WebhookDispatch): Promise<number> {
  await fanOutWebhookEvents(dispatch);
  return deliverDueWebhooks(dispatch);
}

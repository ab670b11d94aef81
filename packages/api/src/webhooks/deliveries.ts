import type { Database, Executor } from '@bank/db';
import type { WebhookDeliveryStatus } from '@bank/db/enums';
import { webhookDeliveries, webhookSubscriptions } from '@bank/db/schema';
import { type WebhookEventType, webhookEventTypes } from '@bank/validators/webhooks';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';

/** How many deliveries the log shows at once, newest first. */
export const DELIVERY_LOG_LIMIT = 100;

const isEventType = (value: string): value is WebhookEventType =>
  webhookEventTypes.some((type) => type === value);

/** A subscription as staff see it: removed ones too, with what waits and what was given up. */
export interface StaffWebhookView {
  id: string;
  clientId: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  removedAt: string | null;
  pending: number;
  failed: number;
  delivered: number;
}

export interface DeliveryView {
  id: string;
  webhookId: string;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

type DeliveryRow = Omit<
  DeliveryView,
  'lastAttemptAt' | 'nextAttemptAt' | 'deliveredAt' | 'createdAt'
> & {
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    ...row,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.subscriptionId,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

const countOf = (status: WebhookDeliveryStatus): SQL<number> =>
  sql<number>`count(*) filter (where ${webhookDeliveries.status} = ${status})`.mapWith(Number);

/** An app's subscriptions (by its OAuth client id), newest first, with their delivery counts. */
export async function webhooksOfApp(db: Executor, clientId: string): Promise<StaffWebhookView[]> {
  const rows = await db
    .select({
      id: webhookSubscriptions.id,
      clientId: webhookSubscriptions.clientId,
      url: webhookSubscriptions.url,
      events: webhookSubscriptions.events,
      createdAt: webhookSubscriptions.createdAt,
      removedAt: webhookSubscriptions.removedAt,
      pending: countOf('pending'),
      failed: countOf('failed'),
      delivered: countOf('delivered'),
    })
    .from(webhookSubscriptions)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.subscriptionId, webhookSubscriptions.id))
    .where(eq(webhookSubscriptions.clientId, clientId))
    .groupBy(webhookSubscriptions.id)
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
  return rows.map((row) => ({
    ...row,
    events: row.events.filter(isEventType),
    createdAt: row.createdAt.toISOString(),
    removedAt: iso(row.removedAt),
  }));
}

/** One subscription's delivery log, newest first (optionally of one status). */
export async function deliveriesOf(
  db: Executor,
  webhookId: string,
  status?: WebhookDeliveryStatus,
): Promise<{ webhook: StaffWebhookView; deliveries: DeliveryView[]; total: number }> {
  const [subscription] = await db
    .select({ clientId: webhookSubscriptions.clientId })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, webhookId));
  if (!subscription) throw appError('NOT_FOUND', 'Webhook not found');
  const webhook = (await webhooksOfApp(db, subscription.clientId)).find(
    (row) => row.id === webhookId,
  );
  if (!webhook) throw appError('NOT_FOUND', 'Webhook not found');
  const where = and(
    eq(webhookDeliveries.subscriptionId, webhookId),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );
  const [deliveries, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.messageId))
      .limit(DELIVERY_LOG_LIMIT),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { webhook, deliveries: deliveries.map(toDeliveryView), total: total?.n ?? 0 };
}

/**
 * Sends a delivery again, now, with a fresh 24 h of retries: a failed one, or a delivered one
 * the app lost. The message keeps its `webhook-id`, so a receiver that has it can tell.
 */
export async function replayDelivery(
  db: Database,
  actor: { id: string; request?: RequestInfo },
  deliveryId: string,
  now: Date,
): Promise<DeliveryView> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: webhookDeliveries.id, removedAt: webhookSubscriptions.removedAt })
      .from(webhookDeliveries)
      .innerJoin(
        webhookSubscriptions,
        eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId),
      )
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { of: webhookDeliveries });
    if (!found) throw appError('NOT_FOUND', 'Delivery not found');
    if (found.removedAt) {
      throw appError('CONFLICT', 'The webhook was removed: its deliveries cannot be replayed');
    }
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        nextAttemptAt: now,
        windowStartedAt: now,
        lockedUntil: null,
        claimId: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning(deliveryColumns);
    if (!row) throw appError('NOT_FOUND', 'Delivery not found');
    await recordAudit(tx, {
      event: 'webhook.delivery_replayed',
      actorId: actor.id,
      request: actor.request,
      details: { deliveryId, webhookId: row.webhookId, messageId: row.messageId },
    });
    return toDeliveryView(row);
  });
}

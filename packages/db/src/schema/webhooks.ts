import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses } from '../enums.ts';
import { instant, primaryId, requiredRef, timestampNow } from './columns.ts';

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

/**
 * An app's webhook endpoint: where its events go and which ones. Removing it keeps the row
 * (`removed_at`) so that its delivery log stays readable by staff.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: primaryId(),
    /** The OAuth client (app) that subscribed with its client-credentials token. */
    clientId: text().notNull(),
    url: text().notNull(),
    events: text().array().notNull(),
    /** The `whsec_` signing secret, sealed with the encryption key: it must be read to sign. */
    secretSealed: text().notNull(),
    createdAt: timestampNow(),
    removedAt: instant(),
  },
  (table) => [index('webhook_subscriptions_client_idx').on(table.clientId, table.createdAt)],
);

/**
 * Customer events waiting to be fanned out to subscriptions: written by the statement that
 * logs the event (realtime/events.ts), so one is never lost to a crash or a rolled-back change,
 * and claimed with SKIP LOCKED by whichever instance gets there first.
 */
export const webhookOutbox = pgTable('webhook_outbox', {
  /** The event's id in the `events` log. */
  eventId: bigint({ mode: 'bigint' }).primaryKey(),
  userId: uuid().notNull(),
  event: jsonb().notNull(),
  createdAt: timestampNow(),
});

/** One message to one subscription: its attempts so far and what comes next (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    subscriptionId: requiredRef(() => webhookSubscriptions.id),
    clientId: text().notNull(),
    /** The `webhook-id` header: the same on every attempt and replay, so receivers can dedupe. */
    messageId: text().notNull(),
    eventType: text().notNull(),
    /** The customer the event is about (only customers who granted the app access). */
    userId: uuid().notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: text().notNull(),
    status: webhookDeliveryStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: instant(),
    /** When it is due (null once delivered or given up). */
    nextAttemptAt: instant(),
    /** Retries stop 24 h after this: the first attempt, or the latest replay. */
    windowStartedAt: instant().notNull(),
    /** An instance is sending it until then; after, another may take it over (a crash). */
    lockedUntil: instant(),
    /** Which claim holds it: an instance records its outcome only while its claim stands. */
    claimId: uuid(),
    deliveredAt: instant(),
    createdAt: timestampNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_message_key').on(table.subscriptionId, table.messageId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.createdAt),
  ],
);

import { randomBytes } from 'node:crypto';
import { open, seal } from '@bank/auth/cipher';
import type { Executor } from '@bank/db';
import { webhookDeliveries, webhookSubscriptions } from '@bank/db/schema';
import type { CreateWebhookInput, WebhookEventType } from '@bank/validators/webhooks';
import { webhookEventTypes } from '@bank/validators/webhooks';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import type { AppPrincipal } from '../partners/app-access.ts';
import { targetRefusal, type WebhookTargetPolicy } from './targets.ts';

/** Enough for any integration; a runaway script cannot fill the table. */
export const MAX_WEBHOOKS_PER_APP = 20;

export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

const isEventType = (value: string): value is WebhookEventType =>
  webhookEventTypes.some((type) => type === value);

function toView(row: typeof webhookSubscriptions.$inferSelect): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isEventType),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A new signing secret: 24 random bytes, base64, with the Standard Webhooks prefix. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function openWebhookSecret(encryptionKey: Buffer, sealed: string): string {
  return open(encryptionKey, sealed).toString('utf8');
}

const notFound = () => appError('NOT_FOUND', 'Webhook not found');

/** Subscribes the app; the secret is answered this once (only its sealed form is kept). */
export async function createWebhook(
  deps: { db: Executor; encryptionKey: Buffer; webhookTargets: WebhookTargetPolicy },
  app: AppPrincipal,
  input: CreateWebhookInput,
  request?: RequestInfo,
): Promise<{ webhook: WebhookView; secret: string }> {
  const refusal = targetRefusal(input.url, deps.webhookTargets);
  if (refusal) throw appError('BAD_REQUEST', refusal, 'WEBHOOK_URL_REFUSED');
  const [existing] = await deps.db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(
      and(eq(webhookSubscriptions.clientId, app.clientId), isNull(webhookSubscriptions.removedAt)),
    );
  if ((existing?.n ?? 0) >= MAX_WEBHOOKS_PER_APP) {
    throw appError('CONFLICT', `An app may have at most ${MAX_WEBHOOKS_PER_APP} webhooks`);
  }
  const secret = newWebhookSecret();
  const [row] = await deps.db
    .insert(webhookSubscriptions)
    .values({
      clientId: app.clientId,
      url: input.url,
      events: input.events,
      secretSealed: seal(deps.encryptionKey, secret),
    })
    .returning();
  if (!row) throw new Error('webhook insert returned nothing');
  await recordAudit(deps.db, {
    event: 'webhook.subscribed',
    actorId: null,
    request,
    details: { clientId: app.clientId, webhookId: row.id, url: row.url, events: input.events },
  });
  return { webhook: toView(row), secret };
}

/** The app's webhooks in force, oldest first. */
export async function listWebhooks(db: Executor, clientId: string): Promise<WebhookView[]> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.clientId, clientId), isNull(webhookSubscriptions.removedAt)))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
  return rows.map(toView);
}

/** One of the app's webhooks; another app's id is not found. */
export async function getWebhook(db: Executor, clientId: string, id: string): Promise<WebhookView> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.clientId, clientId),
        isNull(webhookSubscriptions.removedAt),
      ),
    );
  if (!row) throw notFound();
  return toView(row);
}

/**
 * Unsubscribes: nothing more is sent, what waited is given up; the row and its log stay for
 * staff.
 */
export async function removeWebhook(
  db: Executor,
  clientId: string,
  id: string,
  now: Date,
  request?: RequestInfo,
): Promise<void> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ removedAt: now })
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.clientId, clientId),
        isNull(webhookSubscriptions.removedAt),
      ),
    )
    .returning({ id: webhookSubscriptions.id, url: webhookSubscriptions.url });
  if (!row) throw notFound();
  await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      nextAttemptAt: null,
      lockedUntil: null,
      claimId: null,
      lastError: 'The webhook was removed',
    })
    .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.status, 'pending')));
  await recordAudit(db, {
    event: 'webhook.removed',
    actorId: null,
    request,
    details: { clientId, webhookId: row.id, url: row.url },
  });
}

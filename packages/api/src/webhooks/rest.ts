import { webhookDeliveryStatuses } from '@bank/db/enums';
import {
  createWebhookInput,
  deliveryIdInput,
  webhookDeliveriesInput,
  webhookEventTypes,
  webhookIdInput,
} from '@bank/validators/webhooks';
import { z } from 'zod';
import { appError } from '../errors.ts';
import type { AppPrincipal } from '../partners/app-access.ts';
import { defineRoute } from '../rest/define.ts';
import { instant } from '../rest/schemas.ts';
import { createWebhook, getWebhook, listWebhooks, removeWebhook } from './subscriptions.ts';

/** The OAuth scope an app's own token needs to manage its webhooks. */
export const WEBHOOKS_SCOPE = 'webhooks:manage';

const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: instant,
});

const deliverySchema = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  messageId: z.string().describe('The `webhook-id` header of every attempt of this message.'),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: instant.nullable(),
  nextAttemptAt: instant
    .nullable()
    .describe('When it is tried next; null once delivered or given up.'),
  deliveredAt: instant.nullable(),
  createdAt: instant,
});

const exampleWebhook: z.input<typeof webhookSchema> = {
  id: '3f1c2a9e-8b4d-4e1f-9a7c-2d5e6f708192',
  url: 'https://partner.example.com/hooks/horizon',
  events: ['transaction.created', 'transaction.completed'],
  createdAt: '2026-11-27T09:30:00.000Z',
};

/** The verified app of an `app` route (define.ts verified it before the handler runs). */
function appOf(app: AppPrincipal | null): AppPrincipal {
  if (!app) throw appError('UNAUTHORIZED', 'Authentication required');
  return app;
}

const appRouteDescription =
  'Send the app’s own access token (OAuth client credentials) with the `webhooks:manage` scope. Deliveries are signed per the Standard Webhooks specification: see the integrator guide, Webhooks.';

/** Apps' webhooks (their own, over OAuth) and the staff's delivery log. */
export const webhookRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/webhooks',
    summary:
      'Subscribe a URL to events of customers who granted the app access; the `whsec_` signing secret is answered this once.',
    description: appRouteDescription,
    tag: 'Webhooks',
    access: 'app',
    appScope: WEBHOOKS_SCOPE,
    errors: [409],
    input: createWebhookInput,
    example: { url: exampleWebhook.url, events: exampleWebhook.events },
    output: z.object({
      webhook: webhookSchema,
      secret: z.string().describe('`whsec_` then base64: verify each delivery with it.'),
    }),
    answerExample: { webhook: exampleWebhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    successStatus: 201,
    handle: async ({ ctx, input, app }) => createWebhook(ctx.deps, appOf(app), input, ctx.request),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks',
    summary: 'The app’s webhooks.',
    description: appRouteDescription,
    tag: 'Webhooks',
    access: 'app',
    appScope: WEBHOOKS_SCOPE,
    input: z.object({}),
    output: z.object({ webhooks: z.array(webhookSchema) }),
    answerExample: { webhooks: [exampleWebhook] },
    handle: async ({ ctx, app }) => ({
      webhooks: await listWebhooks(ctx.deps.db, appOf(app).clientId),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/:id',
    summary: 'One of the app’s webhooks (another app’s id answers 404).',
    description: appRouteDescription,
    tag: 'Webhooks',
    access: 'app',
    appScope: WEBHOOKS_SCOPE,
    input: webhookIdInput,
    output: z.object({ webhook: webhookSchema }),
    answerExample: { webhook: exampleWebhook },
    handle: async ({ ctx, input, app }) => ({
      webhook: await getWebhook(ctx.deps.db, appOf(app).clientId, input.id),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/webhooks/:id',
    summary: 'Unsubscribe: nothing more is sent, deliveries still waiting are given up.',
    description: appRouteDescription,
    tag: 'Webhooks',
    access: 'app',
    appScope: WEBHOOKS_SCOPE,
    input: webhookIdInput,
    output: z.object({ message: z.string() }),
    answerExample: { message: 'Webhook removed' },
    handle: async ({ ctx, input, app }) => {
      const clientId = appOf(app).clientId;
      await ctx.deps.db.transaction((tx) =>
        removeWebhook(tx, clientId, input.id, ctx.deps.now(), ctx.request),
      );
      return { message: 'Webhook removed' };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    summary:
      'A webhook’s delivery log (admin), newest first: status, attempts, last response, next attempt.',
    tag: 'Admin',
    access: 'admin',
    input: webhookDeliveriesInput,
    output: z.object({
      webhook: webhookSchema.extend({
        clientId: z.string(),
        removedAt: instant.nullable(),
        pending: z.number().int(),
        failed: z.number().int(),
        delivered: z.number().int(),
      }),
      deliveries: z.array(deliverySchema),
      total: z.number().int(),
    }),
    handle: ({ caller, input }) => caller.webhooks.deliveries(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/webhooks/deliveries/:id/replay',
    summary:
      'Send a delivery again now, with a fresh 24 h of retries (admin); 409 when its webhook was removed.',
    tag: 'Admin',
    access: 'admin',
    errors: [409],
    input: deliveryIdInput,
    output: z.object({ message: z.string(), delivery: deliverySchema }),
    successStatus: 202,
    handle: ({ caller, input }) => caller.webhooks.replay(input),
  }),
];

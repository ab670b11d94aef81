import { webhookDeliveryStatuses } from '@bank/db/enums';
import { z } from 'zod';

/** The events an app may subscribe to (docs/integrators.md, Webhooks). */
export const webhookEventTypes = [
  'transaction.created',
  'transaction.completed',
  'transaction.failed',
  'loan.status_changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventField = z.enum(webhookEventTypes, {
  error: `Unknown event: choose from ${webhookEventTypes.join(', ')}`,
});

/** `POST /webhooks`: where to send, and which events (at least one, each once). */
export const createWebhookInput = z.object({
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .max(2048, 'URL must be at most 2048 characters')
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' })),
  events: z
    .array(webhookEventField, { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'List each event once'),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const webhookIdInput = z.object({ id: z.uuid({ error: 'Not found' }) });

/** Staff: an app's subscriptions, by its OAuth client id. */
export const webhooksOfAppInput = z.object({
  clientId: z.string().trim().min(1, 'Client ID is required').max(200),
});

export const webhookDeliveriesInput = z.object({
  id: z.uuid({ error: 'Not found' }),
  status: z.enum(webhookDeliveryStatuses).optional(),
});

export const deliveryIdInput = z.object({ id: z.uuid({ error: 'Not found' }) });

import { enumParam, searchSchema, textParam, uuidParam } from '../../lib/search-params.ts';

/** Which app, which of its webhooks and which deliveries /admin/webhooks shows, in the URL. */
export const webhookSearch = searchSchema({
  clientId: textParam,
  webhook: uuidParam,
  status: enumParam(['pending', 'delivered', 'failed'] as const),
});
export type WebhookSearch = ReturnType<typeof webhookSearch>;

import {
  deliveryIdInput,
  webhookDeliveriesInput,
  webhooksOfAppInput,
} from '@bank/validators/webhooks';
import { procedureWith, router } from '../trpc.ts';
import { deliveriesOf, replayDelivery, webhooksOfApp } from './deliveries.ts';

/** Staff's view of apps' webhooks: subscriptions, delivery logs, replay (the apps use REST). */
export const webhooksRouter = router({
  /** An app's subscriptions (removed ones too), by its OAuth client id. */
  ofApp: procedureWith('read:webhook:any')
    .input(webhooksOfAppInput)
    .query(async ({ ctx, input }) => ({
      webhooks: await webhooksOfApp(ctx.deps.db, input.clientId),
    })),
  deliveries: procedureWith('read:webhook:any')
    .input(webhookDeliveriesInput)
    .query(({ ctx, input }) => deliveriesOf(ctx.deps.db, input.id, input.status)),
  replay: procedureWith('update:webhook:any')
    .input(deliveryIdInput)
    .mutation(async ({ ctx, input }) => ({
      message: 'The delivery will be sent again now',
      delivery: await replayDelivery(
        ctx.deps.db,
        { id: ctx.auth.user.id, request: ctx.request },
        input.id,
        ctx.deps.now(),
      ),
    })),
});

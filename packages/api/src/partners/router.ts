import { clientIdInput, createAppInput } from '@bank/validators/partners';
import { actingStaff, procedureWith, router } from '../trpc.ts';
import * as apps from './apps.ts';
import * as consents from './consents.ts';

export const partnersRouter = router({
  /** Staff: the third-party apps the bank registered. */
  listApps: procedureWith('read:app:any').query(({ ctx }) => apps.listApps(ctx.deps.db)),
  createApp: procedureWith('create:app:any')
    .input(createAppInput)
    .mutation(({ ctx, input }) =>
      apps.createApp(ctx.deps.db, ctx.deps.encryptionKey, actingStaff(ctx), input),
    ),
  rotateAppSecret: procedureWith('update:app:any')
    .input(clientIdInput)
    .mutation(({ ctx, input }) =>
      apps.rotateAppSecret(ctx.deps.db, ctx.deps.encryptionKey, actingStaff(ctx), input.clientId),
    ),
  disableApp: procedureWith('update:app:any')
    .input(clientIdInput)
    .mutation(({ ctx, input }) => apps.disableApp(ctx.deps.db, actingStaff(ctx), input.clientId)),
  /** Customers: the apps they let in, and taking one back. */
  connectedApps: procedureWith('read:connected-app:own').query(({ ctx }) =>
    consents.listConnectedApps(ctx.deps.db, ctx.auth.user.id),
  ),
  revokeConnectedApp: procedureWith('delete:connected-app:own')
    .input(clientIdInput)
    .mutation(async ({ ctx, input }) => {
      await consents.revokeConnectedApp(ctx.deps.db, {
        userId: ctx.auth.user.id,
        clientId: input.clientId,
        request: ctx.request,
      });
      return { message: 'App disconnected' };
    }),
});

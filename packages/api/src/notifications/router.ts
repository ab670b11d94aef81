import { markNotificationsReadInput, notificationListInput } from '@bank/validators/notifications';
import { procedureWith, router } from '../trpc.ts';
import { listNotifications, markNotificationsRead } from './service.ts';

export const notificationsRouter = router({
  list: procedureWith('read:notification:own')
    .input(notificationListInput)
    .query(({ ctx, input }) => listNotifications(ctx.deps.db, ctx.auth.user.id, input)),
  markRead: procedureWith('update:notification:own')
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps.db, ctx.auth.user.id, input)),
});

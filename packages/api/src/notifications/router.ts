import { markNotificationsReadInput, notificationListInput } from '@bank/validators/notifications';
import { procedureWith, router } from '../trpc.ts';
import { listNotifications, markNotificationsRead } from './service.ts';

/** The customer's own latest movements are announced a moment after their answers (decision 048). */
const INBOX_WAIT_MS = 1_000;

export const notificationsRouter = router({
  list: procedureWith('read:notification:own')
    .input(notificationListInput)
    .query(async ({ ctx, input }) => {
      await ctx.deps.ledger.announcedWithin(INBOX_WAIT_MS);
      return listNotifications(ctx.deps.db, ctx.auth.user.id, input);
    }),
  markRead: procedureWith('update:notification:own')
    .input(markNotificationsReadInput)
    .mutation(async ({ ctx, input }) => {
      // "Mark all read" covers what they were just told about.
      await ctx.deps.ledger.announcedWithin(INBOX_WAIT_MS);
      return markNotificationsRead(ctx.deps.db, ctx.auth.user.id, input);
    }),
});

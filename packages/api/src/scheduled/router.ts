import { userIdInput } from '@bank/validators/admin';
import { byIdInput } from '@bank/validators/money';
import { scheduledTransferInput, scheduledTransferUpdateInput } from '@bank/validators/scheduled';
import { procedureWith, router } from '../trpc.ts';
import {
  cancelSchedule,
  createSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  scheduleDetail,
  updateSchedule,
} from './service.ts';
import { upcomingPayments } from './upcoming.ts';

/** Scheduled and recurring transfers to the customer's payees (docs/product.md). */
export const scheduledRouter = router({
  list: procedureWith('read:scheduled-transfer:own').query(({ ctx }) =>
    listSchedules(ctx.deps.db, ctx.auth.user.id),
  ),
  byId: procedureWith('read:scheduled-transfer:own')
    .input(byIdInput)
    .query(({ ctx, input }) => scheduleDetail(ctx.deps.db, ctx.auth.user.id, input.id)),
  /** The dashboard's "Upcoming": the next 7 days' payments and what is left after them. */
  upcoming: procedureWith('read:scheduled-transfer:own').query(({ ctx }) =>
    upcomingPayments(ctx.deps, ctx.auth.user.id),
  ),
  create: procedureWith('create:scheduled-transfer:own')
    .input(scheduledTransferInput)
    .mutation(({ ctx, input }) => createSchedule(ctx.deps, ctx.auth, ctx.request, input)),
  update: procedureWith('update:scheduled-transfer:own')
    .input(scheduledTransferUpdateInput)
    .mutation(({ ctx, input }) => updateSchedule(ctx.deps, ctx.auth, ctx.request, input)),
  pause: procedureWith('update:scheduled-transfer:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) => pauseSchedule(ctx.deps, ctx.auth, ctx.request, input.id)),
  resume: procedureWith('update:scheduled-transfer:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) => resumeSchedule(ctx.deps, ctx.auth, ctx.request, input.id)),
  cancel: procedureWith('delete:scheduled-transfer:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) =>
      cancelSchedule(ctx.deps, { id: ctx.auth.user.id, staff: false }, ctx.request, {
        id: input.id,
        userId: ctx.auth.user.id,
      }),
    ),
  /** Staff: one customer's schedules (the user page). */
  ofUser: procedureWith('read:scheduled-transfer:any')
    .input(userIdInput)
    .query(({ ctx, input }) => listSchedules(ctx.deps.db, input.id)),
  /** Staff: cancels a customer's schedule; audited, and the customer is told. */
  staffCancel: procedureWith('delete:scheduled-transfer:any')
    .input(byIdInput)
    .mutation(({ ctx, input }) =>
      cancelSchedule(ctx.deps, { id: ctx.auth.user.id, staff: true }, ctx.request, {
        id: input.id,
      }),
    ),
});

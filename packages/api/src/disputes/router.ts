import {
  disputeCreateInput,
  disputeIdInput,
  disputeListQuery,
  disputeQueueQuery,
  disputeUpdateInput,
} from '@bank/validators/disputes';
import { procedureWith, router } from '../trpc.ts';
import {
  disputeQueue,
  listOwnDisputes,
  openDispute,
  updateDispute,
  withdrawDispute,
} from './service.ts';

const actorOf = (ctx: {
  auth: { user: { id: string; role: 'user' | 'admin' | 'support' } };
  request: { ip: string | null; userAgent: string | null };
}) => ({ id: ctx.auth.user.id, role: ctx.auth.user.role, request: ctx.request });

/** Disputes: 'Report a problem' on a movement, and the staff queue that works them. */
export const disputesRouter = router({
  create: procedureWith('create:dispute:own')
    .input(disputeCreateInput)
    .mutation(({ ctx, input }) =>
      openDispute(ctx.deps, actorOf(ctx), input, ctx.uploads, ctx.deps.now()),
    ),
  mine: procedureWith('read:dispute:own')
    .input(disputeListQuery)
    .query(({ ctx, input }) => listOwnDisputes(ctx.deps, ctx.auth.user.id, input, ctx.deps.now())),
  withdraw: procedureWith('update:dispute:own')
    .input(disputeIdInput)
    .mutation(({ ctx, input }) =>
      withdrawDispute(ctx.deps, actorOf(ctx), input.id, ctx.deps.now()),
    ),
  queue: procedureWith('read:dispute:any')
    .input(disputeQueueQuery)
    .query(({ ctx, input }) => disputeQueue(ctx.deps, input, ctx.deps.now())),
  update: procedureWith('update:dispute:any')
    .input(disputeUpdateInput)
    .mutation(({ ctx, input }) => updateDispute(ctx.deps, actorOf(ctx), input, ctx.deps.now())),
});

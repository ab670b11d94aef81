import {
  approvalIdInput,
  approvalListQuery,
  approvalRejectInput,
} from '@bank/validators/operations';
import { procedureWith, router } from '../trpc.ts';
import { approveRequest, rejectRequest } from './decisions.ts';
import { listApprovals } from './requests.ts';

export const approvalsRouter = router({
  list: procedureWith('read:approval:any')
    .input(approvalListQuery)
    .query(({ ctx, input }) => listApprovals(ctx.deps.db, input, new Date())),
  approve: procedureWith('update:approval:any')
    .input(approvalIdInput)
    .mutation(({ ctx, input }) =>
      approveRequest(ctx.deps, input.id, { checkerId: ctx.auth.user.id, request: ctx.request }),
    ),
  reject: procedureWith('update:approval:any')
    .input(approvalRejectInput)
    .mutation(({ ctx, input }) =>
      rejectRequest(ctx.deps, input, { checkerId: ctx.auth.user.id, request: ctx.request }),
    ),
});

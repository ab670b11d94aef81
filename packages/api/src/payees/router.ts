import { byIdInput } from '@bank/validators/money';
import { payeeInput, payeeUpdateInput, stepUpInput } from '@bank/validators/payees';
import { procedureWith, router } from '../trpc.ts';
import * as service from './service.ts';
import { requestStepUpCode } from './step-up.ts';

export const payeesRouter = router({
  list: procedureWith('read:payee:own').query(({ ctx }) =>
    service.listPayees(ctx.deps.db, ctx.auth.user.id),
  ),
  byId: procedureWith('read:payee:own')
    .input(byIdInput)
    .query(({ ctx, input }) => service.payeeById(ctx.deps.db, ctx.auth.user.id, input.id)),
  /** The second factor for adding a payee or changing where its money goes. */
  stepUp: procedureWith('create:payee:own')
    .input(stepUpInput)
    .mutation(({ ctx, input }) => requestStepUpCode(ctx.deps, ctx.auth, input.purpose)),
  create: procedureWith('create:payee:own')
    .input(payeeInput)
    .mutation(({ ctx, input }) => service.addPayee(ctx.deps, ctx.auth, ctx.request, input)),
  update: procedureWith('update:payee:own')
    .input(payeeUpdateInput)
    .mutation(({ ctx, input }) => service.updatePayee(ctx.deps, ctx.auth, ctx.request, input)),
  remove: procedureWith('delete:payee:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) => service.removePayee(ctx.deps, ctx.auth, ctx.request, input.id)),
});

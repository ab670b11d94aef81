import {
  loanAdminQuery,
  loanApplicationInput,
  loanCalculateInput,
  loanDecisionInput,
  loanListQuery,
  loanRepaymentInput,
  loanUpdateInput,
} from '@bank/validators/loans';
import { byIdInput } from '@bank/validators/money';
import { answerPosted } from '../ledger/answer.ts';
import { can } from '../permissions.ts';
import { procedureWith, router } from '../trpc.ts';
import * as applications from './applications.ts';
import { decideLoan, listAllLoans } from './decisions.ts';
import { repayLoan } from './repayments.ts';

export const loansRouter = router({
  types: procedureWith('read:loan-terms:any').query(({ ctx }) => applications.loanTypes(ctx.deps)),
  calculate: procedureWith('read:loan-terms:any')
    .input(loanCalculateInput)
    .query(({ ctx, input }) => applications.calculate(ctx.deps, input)),
  list: procedureWith('read:loan:own')
    .input(loanListQuery)
    .query(({ ctx, input }) => applications.listLoans(ctx.deps.db, ctx.auth.user.id, input)),
  stats: procedureWith('read:loan:own').query(({ ctx }) =>
    applications.loanStats(ctx.deps.db, ctx.auth.user.id),
  ),
  byId: procedureWith('read:loan:own')
    .input(byIdInput)
    .query(({ ctx, input }) =>
      applications.loanById(
        ctx.deps.db,
        { id: ctx.auth.user.id, staff: can(ctx.auth.user.role, 'read:loan:any') },
        input.id,
      ),
    ),
  create: procedureWith('create:loan:own')
    .input(loanApplicationInput)
    .mutation(({ ctx, input }) => applications.applyForLoan(ctx.deps, ctx.auth.user.id, input)),
  update: procedureWith('update:loan:own')
    .input(loanUpdateInput)
    .mutation(({ ctx, input }) =>
      applications.updateApplication(ctx.deps, ctx.auth.user.id, input),
    ),
  cancel: procedureWith('update:loan:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) =>
      applications.cancelApplication(ctx.deps, ctx.auth.user.id, input.id),
    ),
  repay: procedureWith('update:loan:own')
    .input(loanRepaymentInput)
    .mutation(({ ctx, input }) => answerPosted(ctx, repayLoan(ctx.deps, ctx.auth, input))),
  /** Loan management (administrators). */
  all: procedureWith('read:loan:any')
    .input(loanAdminQuery)
    .query(({ ctx, input }) => listAllLoans(ctx.deps.db, input)),
  decide: procedureWith('update:loan:any')
    .input(loanDecisionInput)
    .mutation(({ ctx, input }) => decideLoan(ctx.deps, ctx.auth.user.id, input, ctx.request)),
});

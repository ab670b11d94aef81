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
import { adminProcedure, protectedProcedure, router } from '../trpc.ts';
import * as applications from './applications.ts';
import { decideLoan, listAllLoans } from './decisions.ts';
import { repayLoan } from './repayments.ts';

export const loansRouter = router({
  types: protectedProcedure.query(({ ctx }) => applications.loanTypes(ctx.deps)),
  calculate: protectedProcedure
    .input(loanCalculateInput)
    .query(({ ctx, input }) => applications.calculate(ctx.deps, input)),
  list: protectedProcedure
    .input(loanListQuery)
    .query(({ ctx, input }) => applications.listLoans(ctx.deps.db, ctx.auth.user.id, input)),
  stats: protectedProcedure.query(({ ctx }) =>
    applications.loanStats(ctx.deps.db, ctx.auth.user.id),
  ),
  byId: protectedProcedure
    .input(byIdInput)
    .query(({ ctx, input }) =>
      applications.loanById(
        ctx.deps.db,
        { id: ctx.auth.user.id, staff: can(ctx.auth.user.role, 'admin:access') },
        input.id,
      ),
    ),
  create: protectedProcedure
    .input(loanApplicationInput)
    .mutation(({ ctx, input }) => applications.applyForLoan(ctx.deps, ctx.auth.user.id, input)),
  update: protectedProcedure
    .input(loanUpdateInput)
    .mutation(({ ctx, input }) =>
      applications.updateApplication(ctx.deps, ctx.auth.user.id, input),
    ),
  cancel: protectedProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) =>
      applications.cancelApplication(ctx.deps, ctx.auth.user.id, input.id),
    ),
  repay: protectedProcedure
    .input(loanRepaymentInput)
    .mutation(({ ctx, input }) => answerPosted(ctx, repayLoan(ctx.deps, ctx.auth, input))),
  /** Loan management (administrators). */
  all: adminProcedure
    .input(loanAdminQuery)
    .query(({ ctx, input }) => listAllLoans(ctx.deps.db, input)),
  decide: adminProcedure
    .input(loanDecisionInput)
    .mutation(({ ctx, input }) => decideLoan(ctx.deps, ctx.auth.user.id, input, ctx.request)),
});

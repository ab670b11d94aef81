import { byIdInput } from '@bank/validators/money';
import {
  statementPeriodInput,
  statementRangeInput,
  statementVerifyInput,
} from '@bank/validators/statements';
import { procedureWith, publicProcedure, router } from '../trpc.ts';
import { transactionReceipt } from './receipt.ts';
import { listStatements, monthStatement, rangeStatement, verifyStatement } from './service.ts';

export const statementsRouter = router({
  list: procedureWith('read:statement:own').query(({ ctx }) =>
    listStatements(ctx.deps, ctx.auth.user.id),
  ),
  month: procedureWith('read:statement:own')
    .input(statementPeriodInput)
    .query(({ ctx, input }) => monthStatement(ctx.deps, ctx.auth.user.id, input)),
  range: procedureWith('read:statement:own')
    .input(statementRangeInput)
    .query(({ ctx, input }) => rangeStatement(ctx.deps, ctx.auth.user.id, input)),
  receipt: procedureWith('read:transaction:own')
    .input(byIdInput)
    .query(({ ctx, input }) => transactionReceipt(ctx.deps, ctx.auth.user.id, input.id)),
  /** Anyone handed a statement (a landlord, a lender) may check it: it names no one. */
  verify: publicProcedure
    .input(statementVerifyInput)
    .mutation(({ ctx, input }) => verifyStatement(ctx.deps.db, input)),
});

import {
  byIdInput,
  depositInput,
  transactionFilters,
  transactionListQuery,
  transferInput,
  withdrawInput,
} from '@bank/validators/money';
import { adminProcedure, protectedProcedure, router } from '../trpc.ts';
import * as money from './service.ts';

export const transactionsRouter = router({
  list: protectedProcedure
    .input(transactionListQuery)
    .query(({ ctx, input }) => money.listTransactions(ctx.deps.db, ctx.auth.user.id, input)),
  byId: protectedProcedure
    .input(byIdInput)
    .query(({ ctx, input }) => money.transactionById(ctx.deps.db, ctx.auth.user.id, input.id)),
  balance: protectedProcedure.query(({ ctx }) => money.balanceOf(ctx.deps.db, ctx.auth.user)),
  stats: protectedProcedure.query(({ ctx }) => money.statsOf(ctx.deps.db, ctx.auth.user.id)),
  exportCsv: protectedProcedure
    .input(transactionFilters)
    .query(({ ctx, input }) =>
      money.exportCsv(ctx.deps.db, ctx.auth.user.id, { ...input, page: 1, limit: 10 }),
    ),
  transfer: protectedProcedure
    .input(transferInput)
    .mutation(({ ctx, input }) => money.transfer(ctx.deps, ctx.auth, input)),
  deposit: protectedProcedure
    .input(depositInput)
    .mutation(({ ctx, input }) => money.deposit(ctx.deps, ctx.auth, input)),
  withdraw: protectedProcedure
    .input(withdrawInput)
    .mutation(({ ctx, input }) => money.withdraw(ctx.deps, ctx.auth, input)),
  /** Transaction monitoring (administrators): every customer's movements. */
  all: adminProcedure
    .input(transactionListQuery)
    .query(({ ctx, input }) => money.listAllTransactions(ctx.deps.db, input)),
});

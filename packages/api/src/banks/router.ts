import { bankInput, bankUpdateInput, byIdInput } from '@bank/validators/money';
import { adminProcedure, protectedProcedure, router } from '../trpc.ts';
import * as service from './service.ts';

export const banksRouter = router({
  list: protectedProcedure.query(({ ctx }) =>
    service.listBanks(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id),
  ),
  all: adminProcedure.query(({ ctx }) => service.listAllBanks(ctx.deps.db)),
  create: protectedProcedure
    .input(bankInput)
    .mutation(({ ctx, input }) =>
      service.addBank(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  update: protectedProcedure
    .input(bankUpdateInput)
    .mutation(({ ctx, input }) =>
      service.updateBank(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  remove: protectedProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => service.removeBank(ctx.deps.db, ctx.auth.user.id, input.id)),
});

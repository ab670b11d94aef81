import { bankListQuery } from '@bank/validators/admin';
import { bankInput, bankUpdateInput, byIdInput } from '@bank/validators/money';
import { procedureWith, router } from '../trpc.ts';
import * as service from './service.ts';

export const banksRouter = router({
  list: procedureWith('read:bank:own').query(({ ctx }) =>
    service.listBanks(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id),
  ),
  all: procedureWith('read:bank:any')
    .input(bankListQuery)
    .query(({ ctx, input }) => service.listAllBanks(ctx.deps.db, input)),
  create: procedureWith('create:bank:own')
    .input(bankInput)
    .mutation(({ ctx, input }) =>
      service.addBank(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  update: procedureWith('update:bank:own')
    .input(bankUpdateInput)
    .mutation(({ ctx, input }) =>
      service.updateBank(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  remove: procedureWith('delete:bank:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) => service.removeBank(ctx.deps.db, ctx.auth.user.id, input.id)),
});

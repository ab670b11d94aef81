import { byIdInput, cardInput, cardUpdateInput, pageQuery } from '@bank/validators/money';
import { procedureWith, router } from '../trpc.ts';
import * as service from './service.ts';

export const cardsRouter = router({
  list: procedureWith('read:card:own')
    .input(pageQuery)
    .query(({ ctx, input }) => service.listCards(ctx.deps.db, ctx.auth.user.id, input)),
  create: procedureWith('create:card:own')
    .input(cardInput)
    .mutation(({ ctx, input }) =>
      service.addCard(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  update: procedureWith('update:card:own')
    .input(cardUpdateInput)
    .mutation(({ ctx, input }) =>
      service.updateCard(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  remove: procedureWith('delete:card:own')
    .input(byIdInput)
    .mutation(({ ctx, input }) => service.removeCard(ctx.deps.db, ctx.auth.user.id, input.id)),
});

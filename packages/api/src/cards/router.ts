import { byIdInput, cardInput, cardUpdateInput, pageQuery } from '@bank/validators/money';
import { protectedProcedure, router } from '../trpc.ts';
import * as service from './service.ts';

export const cardsRouter = router({
  list: protectedProcedure
    .input(pageQuery)
    .query(({ ctx, input }) => service.listCards(ctx.deps.db, ctx.auth.user.id, input)),
  create: protectedProcedure
    .input(cardInput)
    .mutation(({ ctx, input }) =>
      service.addCard(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  update: protectedProcedure
    .input(cardUpdateInput)
    .mutation(({ ctx, input }) =>
      service.updateCard(ctx.deps.db, ctx.deps.encryptionKey, ctx.auth.user.id, input),
    ),
  remove: protectedProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => service.removeCard(ctx.deps.db, ctx.auth.user.id, input.id)),
});

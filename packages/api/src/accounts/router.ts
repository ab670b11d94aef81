import { procedureWith, router } from '../trpc.ts';
import { listAccountDetails } from './details.ts';

export const accountsRouter = router({
  /** The caller's accounts with what a payer needs to pay into them (GET /accounts). */
  list: procedureWith('read:account:own').query(async ({ ctx }) =>
    listAccountDetails(ctx.deps.db, await ctx.deps.settings.get(), ctx.auth.user.id),
  ),
});

import { userIdInput } from '@bank/validators/admin';
import {
  freezeInput,
  holdIdInput,
  holdInput,
  restrictedAccountInput,
} from '@bank/validators/restrictions';
import type { RequestInfo } from '../deps.ts';
import { procedureWith, router } from '../trpc.ts';
import type { StaffActor } from './locked-account.ts';
import { freezeAccount, liftFreeze, placeHold, releaseHold } from './service.ts';
import { restrictionsForCustomer, restrictionsOfUser } from './views.ts';

const staffChange = procedureWith('update:account-restriction:any');

/** The administrator making a change, with the request the audit log records. */
const staffActor = (ctx: { auth: { user: { id: string } }; request: RequestInfo }): StaffActor => ({
  id: ctx.auth.user.id,
  request: ctx.request,
});

/** Freezes and holds on customers' accounts (docs/product.md). */
export const restrictionsRouter = router({
  /** The caller's own accounts: freeze, holds in force, available balance, support contacts. */
  mine: procedureWith('read:account-restriction:own').query(async ({ ctx }) => {
    const [accounts, settings] = await Promise.all([
      restrictionsForCustomer(ctx.deps.db, ctx.auth.user.id),
      ctx.deps.settings.get(),
    ]);
    return {
      accounts,
      support: { email: settings.supportEmail, phone: settings.supportPhone },
    };
  }),
  /** One user's accounts with freezes, holds (and their history) and reasons (admin). */
  ofUser: procedureWith('read:account-restriction:any')
    .input(userIdInput)
    .query(async ({ ctx, input }) => ({
      accounts: await restrictionsOfUser(ctx.deps.db, input.id),
    })),
  freeze: staffChange
    .input(freezeInput)
    .mutation(({ ctx, input }) => freezeAccount(ctx.deps, staffActor(ctx), input)),
  unfreeze: staffChange
    .input(restrictedAccountInput)
    .mutation(({ ctx, input }) => liftFreeze(ctx.deps, staffActor(ctx), input.accountNumber)),
  placeHold: staffChange
    .input(holdInput)
    .mutation(({ ctx, input }) => placeHold(ctx.deps, staffActor(ctx), input)),
  releaseHold: staffChange
    .input(holdIdInput)
    .mutation(({ ctx, input }) => releaseHold(ctx.deps, staffActor(ctx), input.id)),
});

import { bankSettingsInput } from '@bank/validators/admin';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';
import { publicBankProfile, toSettingsDto } from './service.ts';
import { updateBankSettings } from './update.ts';

export const settingsRouter = router({
  /** Anyone: the bank's name and support contacts for the layout, and whether it is open. */
  public: publicProcedure.query(async ({ ctx }) =>
    publicBankProfile(await ctx.deps.settings.get()),
  ),
  get: adminProcedure.query(async ({ ctx }) => toSettingsDto(await ctx.deps.settings.get())),
  update: adminProcedure
    .input(bankSettingsInput)
    .mutation(({ ctx, input }) =>
      updateBankSettings(ctx.deps, input, { actorId: ctx.auth.user.id, request: ctx.request }),
    ),
});

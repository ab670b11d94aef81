import { bankSettingsInput } from '@bank/validators/admin';
import { actingStaff, procedureWith, publicProcedure, router } from '../trpc.ts';
import { publicBankProfile, toSettingsDto } from './service.ts';
import { updateBankSettings } from './update.ts';

export const settingsRouter = router({
  /** Anyone: the bank's name and support contacts for the layout, and whether it is open. */
  public: publicProcedure
    .meta({ duringMaintenance: true })
    .query(async ({ ctx }) => publicBankProfile(await ctx.deps.settings.get())),
  get: procedureWith('read:settings:any').query(async ({ ctx }) =>
    toSettingsDto(await ctx.deps.settings.get()),
  ),
  update: procedureWith('update:settings:any')
    .input(bankSettingsInput)
    .mutation(({ ctx, input }) => updateBankSettings(ctx.deps, input, actingStaff(ctx))),
});

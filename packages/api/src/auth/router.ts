import {
  changePasswordInput,
  endSessionsInput,
  forgotPasswordInput,
  loginInput,
  notificationPreferencesInput,
  profileInput,
  registerInput,
  resendVerificationInput,
  resetPasswordInput,
  twoFactorCodeInput,
  verifyEmailInput,
} from '@bank/validators/auth';
import { staffActivityOf } from '../audit/service.ts';
import { procedureWith, publicProcedure, router, sessionProcedureWith } from '../trpc.ts';
import { userView } from './account-summary.ts';
import * as password from './password.ts';
import * as profile from './profile.ts';
import * as registration from './registration.ts';
import * as signIn from './sign-in.ts';
import * as twoFactor from './two-factor.ts';

export const authRouter = router({
  /** Session initialisation: the user (or null) and whether the second factor is owed. */
  me: publicProcedure.meta({ duringMaintenance: true }).query(async ({ ctx }) => {
    if (!ctx.auth) return { user: null, twoFactorRequired: false };
    const user = await userView(ctx.deps, ctx.auth.user, ctx.auth.session);
    return { user, twoFactorRequired: user.twoFactorRequired };
  }),
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => registration.register(ctx, input)),
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => registration.verifyEmail(ctx, input.token)),
  resendVerification: publicProcedure
    .input(resendVerificationInput)
    .mutation(({ ctx, input }) => registration.resendVerification(ctx, input.email)),
  login: publicProcedure
    .meta({ duringMaintenance: true })
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      // The browser keeps the session in its HttpOnly cookie; only REST callers get the token.
      const { user, twoFactorRequired } = await signIn.login(ctx, input);
      return { user, twoFactorRequired };
    }),
  logout: sessionProcedureWith('delete:session:own')
    .meta({ duringMaintenance: true })
    .mutation(({ ctx }) => signIn.logout(ctx, ctx.auth)),
  endSessions: publicProcedure
    .input(endSessionsInput)
    .mutation(({ ctx, input }) => signIn.endSessionsByLink(ctx, ctx.auth, input.token)),
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => password.forgotPassword(ctx, input.email)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => password.resetPassword(ctx, input)),
  verify2fa: sessionProcedureWith('update:session:own')
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => twoFactor.verifyTwoFactorSignIn(ctx, ctx.auth, input.code)),
  setup2fa: procedureWith('update:two-factor:own').mutation(({ ctx }) =>
    twoFactor.setupTwoFactor(ctx, ctx.auth),
  ),
  enable2fa: procedureWith('update:two-factor:own')
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => twoFactor.enableTwoFactor(ctx, ctx.auth, input.code)),
  disable2fa: procedureWith('update:two-factor:own')
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => twoFactor.disableTwoFactor(ctx, ctx.auth, input.code)),
  changePassword: procedureWith('update:password:own')
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => password.changePassword(ctx, ctx.auth, input)),
  updateProfile: procedureWith('update:profile:own')
    .input(profileInput)
    .mutation(({ ctx, input }) => profile.updateProfile(ctx, ctx.auth, input)),
  updateNotificationPreferences: procedureWith('update:profile:own')
    .input(notificationPreferencesInput)
    .mutation(({ ctx, input }) => profile.updateNotificationPreferences(ctx, ctx.auth, input)),
  /** What staff opened of the caller's data and did to their account (Profile -> Security). */
  staffActivity: procedureWith('read:audit:own').query(({ ctx }) =>
    staffActivityOf(ctx.deps.db, ctx.auth.user.id),
  ),
});

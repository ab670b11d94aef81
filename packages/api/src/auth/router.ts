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
import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../trpc.ts';
import { userView } from './account-summary.ts';
import * as auth from './service.ts';

export const authRouter = router({
  /** Session initialisation: the user (or null) and whether the second factor is owed. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.auth) return { user: null, twoFactorRequired: false };
    const user = await userView(ctx.deps, ctx.auth.user, ctx.auth.session);
    return { user, twoFactorRequired: user.twoFactorRequired };
  }),
  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => auth.register(ctx, input)),
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx, input.token)),
  resendVerification: publicProcedure
    .input(resendVerificationInput)
    .mutation(({ ctx, input }) => auth.resendVerification(ctx, input.email)),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    // The browser keeps the session in its HttpOnly cookie; only REST callers get the token.
    const { user, twoFactorRequired } = await auth.login(ctx, input);
    return { user, twoFactorRequired };
  }),
  logout: sessionProcedure.mutation(({ ctx }) => auth.logout(ctx, ctx.auth)),
  endSessions: publicProcedure
    .input(endSessionsInput)
    .mutation(({ ctx, input }) => auth.endSessionsByLink(ctx, ctx.auth, input.token)),
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx, input.email)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx, input)),
  verify2fa: sessionProcedure
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => auth.verifyTwoFactorSignIn(ctx, ctx.auth, input.code)),
  setup2fa: protectedProcedure.mutation(({ ctx }) => auth.setupTwoFactor(ctx, ctx.auth)),
  enable2fa: protectedProcedure
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => auth.enableTwoFactor(ctx, ctx.auth, input.code)),
  disable2fa: protectedProcedure
    .input(twoFactorCodeInput)
    .mutation(({ ctx, input }) => auth.disableTwoFactor(ctx, ctx.auth, input.code)),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, ctx.auth, input)),
  updateProfile: protectedProcedure
    .input(profileInput)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx, ctx.auth, input)),
  updateNotificationPreferences: protectedProcedure
    .input(notificationPreferencesInput)
    .mutation(({ ctx, input }) => auth.updateNotificationPreferences(ctx, ctx.auth, input)),
});

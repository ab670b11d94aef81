import { messages } from '@bank/validators/messages';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { hasTwoFactor } from './auth/dto.ts';
import type { Context } from './context.ts';
import { AppErrorCause, appError } from './errors.ts';
import { can, type Permission } from './permissions.ts';

export interface ValidationDetail {
  field: string;
  message: string;
}

export function validationDetails(error: ZodError): ValidationDetail[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const reason = error.cause instanceof AppErrorCause ? error.cause.reason : undefined;
    const hideInternal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: zodError ? messages.validation : hideInternal ? messages.unexpected : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        reason,
        details: zodError ? validationDetails(zodError) : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * What stays open while the bank is under maintenance, to anyone: who is signed in, signing in
 * (refused after the password for all but administrators) and out, the bank's public profile,
 * the live channel (it tells clients when maintenance ends) and the development mailbox.
 */
function openDuringMaintenance(path: string): boolean {
  return (
    path === 'auth.me' ||
    path === 'auth.login' ||
    path === 'auth.logout' ||
    path === 'settings.public' ||
    path === 'events.onEvent' ||
    path.startsWith('dev.')
  );
}

/** Maintenance mode leaves access only to administrators (SPEC.md 6): every other call is 503. */
const maintenanceGate = t.middleware(async ({ ctx, path, next }) => {
  if (ctx.auth?.user.role === 'admin' || openDuringMaintenance(path)) return next();
  if ((await ctx.deps.settings.get()).maintenanceMode) {
    throw appError('SERVICE_UNAVAILABLE', messages.maintenance, 'MAINTENANCE');
  }
  return next();
});

export const publicProcedure = t.procedure.use(maintenanceGate);

/** Signed in, even if the second factor is still to come (the 2FA calls, me, logout). */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw appError('UNAUTHORIZED', messages.sessionExpired);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

/** Fully signed in: e-mail verified and second factor verified. */
export const protectedProcedure = sessionProcedure.use(async ({ ctx, next }) => {
  const { user, session } = ctx.auth;
  if (hasTwoFactor(user) && !session.twoFactorVerified) {
    throw appError('FORBIDDEN', messages.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
  }
  if (!user.emailVerifiedAt) {
    throw appError('FORBIDDEN', messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  }
  return next();
});

export function procedureWith(permission: Permission) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!can(ctx.auth.user.role, permission)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this' });
    }
    return next();
  });
}

export const adminProcedure = procedureWith('admin:access');
export const staffProcedure = procedureWith('staff:support');

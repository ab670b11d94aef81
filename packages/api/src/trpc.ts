import { messages } from '@bank/validators/messages';
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { hasTwoFactor } from './auth/dto.ts';
import type { Context, RequestInfo } from './deps.ts';
import { AppErrorCause, appError, errorCodeOf, RetryAfterCause } from './errors.ts';
import { admitCall } from './fairness.ts';
import { can, type Permission } from './permissions.ts';
import { isDependencyUnavailable, serviceUnavailableMessage } from './unavailable.ts';

export interface ValidationDetail {
  field: string;
  message: string;
}

export function validationDetails(error: ZodError): ValidationDetail[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * What a procedure says about itself where it is defined, read by its access middleware: who may
 * call it and whether it stays open while the bank is under maintenance.
 */
export interface ProcedureMeta {
  /** 'anyone' (public procedures), or what the signed-in caller must hold (permissions.ts). */
  permission?: Permission | 'anyone';
  /**
   * Open to everyone under maintenance: who is signed in, signing in (refused after the
   * password for all but administrators) and out, the bank's public profile, the live channel
   * (it tells clients when maintenance ends) and the development mailbox.
   */
  duringMaintenance?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      if (isDependencyUnavailable(error)) {
        // An outage is 503 (the HTTP status follows data.httpStatus), never 500
        // (docs/architecture.md 2).
        return {
          ...shape,
          code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
          message: serviceUnavailableMessage,
          data: {
            ...shape.data,
            code: 'SERVICE_UNAVAILABLE',
            httpStatus: 503,
            stack: undefined,
            reason: undefined,
            details: undefined,
          },
        };
      }
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const appCause = error.cause instanceof AppErrorCause ? error.cause : undefined;
      const reason =
        appCause?.reason ??
        (error.cause instanceof RetryAfterCause ? error.cause.reason : undefined);
      const hideInternal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: zodError
          ? messages.validation
          : hideInternal
            ? messages.unexpected
            : shape.message,
        data: {
          ...shape.data,
          // The catalogue's stable code (errors.ts), where tRPC put its own.
          code: errorCodeOf(error),
          stack: undefined,
          reason,
          details: zodError ? validationDetails(zodError) : appCause?.details,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Maintenance mode leaves access only to administrators (docs/product.md 6): every other call is 503. */
async function passMaintenance(ctx: Context, meta: ProcedureMeta | undefined): Promise<void> {
  if (ctx.auth?.user.role === 'admin' || meta?.duringMaintenance) return;
  if ((await ctx.deps.settings.get()).maintenanceMode) {
    throw appError('SERVICE_UNAVAILABLE', messages.maintenance, 'MAINTENANCE');
  }
}

function signedIn(ctx: Context): NonNullable<Context['auth']> {
  if (!ctx.auth) throw appError('UNAUTHORIZED', messages.sessionExpired);
  return ctx.auth;
}

/** E-mail verified and, where the user has one, the second factor verified in this session. */
function fullySignedIn(ctx: Context): NonNullable<Context['auth']> {
  const auth = signedIn(ctx);
  if (hasTwoFactor(auth.user) && !auth.session.twoFactorVerified) {
    throw appError('FORBIDDEN', messages.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
  }
  if (!auth.user.emailVerifiedAt) {
    throw appError('FORBIDDEN', messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  }
  return auth;
}

// Each kind of procedure checks access in one middleware, in this order: maintenance, then
// who is asking, then what they may do. One step, not a chain of them: tRPC copies the call's
// options at every step, and that copying was a tenth of the server's time under the money
// bench (docs/benchmarks.md).

// Fairness comes first (fairness.ts): a caller over its bounds costs nothing further, not even
// the maintenance check, and a call whose socket closed while it waited is dropped.

/** Runs `step` holding the call's fairness slot, released when the call's promise settles. */
async function fairly<T>(
  opts: {
    ctx: Context;
    type: 'query' | 'mutation' | 'subscription';
    signal: AbortSignal | undefined;
  },
  step: () => Promise<T>,
): Promise<T> {
  const release = await admitCall(opts.ctx, opts.type, opts.signal);
  try {
    return await step();
  } finally {
    // A subscription holds its slot until its signal aborts (admitCall), not until it starts.
    if (opts.type !== 'subscription') release();
  }
}

/** The permission a signed-in procedure names; one that names none is refused (fails closed). */
function authorize(auth: NonNullable<Context['auth']>, meta: ProcedureMeta | undefined) {
  const permission = meta?.permission;
  if (permission === undefined || permission === 'anyone' || !can(auth.user.role, permission)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this' });
  }
  return auth;
}

// The procedures a router may be built from: each names who may call it, so a procedure
// without a permission cannot be written (permissions.test.ts walks the router to be sure).

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.meta({ permission: 'anyone' }).use((opts) =>
  fairly(opts, async () => {
    await passMaintenance(opts.ctx, opts.meta);
    return opts.next();
  }),
);

const sessionAccess = t.procedure.use((opts) =>
  fairly(opts, async () => {
    await passMaintenance(opts.ctx, opts.meta);
    const auth = authorize(signedIn(opts.ctx), opts.meta);
    return opts.next({ ctx: { ...opts.ctx, auth } });
  }),
);

const fullAccess = t.procedure.use((opts) =>
  fairly(opts, async () => {
    await passMaintenance(opts.ctx, opts.meta);
    const auth = authorize(fullySignedIn(opts.ctx), opts.meta);
    return opts.next({ ctx: { ...opts.ctx, auth } });
  }),
);

/**
 * Signed in, even if the second factor is still to come (the 2FA step and logout), holding
 * `permission`.
 */
export function sessionProcedureWith(permission: Permission) {
  return sessionAccess.meta({ permission });
}

/** Fully signed in (e-mail and second factor verified), holding `permission`. */
export function procedureWith(permission: Permission) {
  return fullAccess.meta({ permission });
}

/**
 * Who acts in a staff procedure, as the services record it in the audit log: the signed-in user
 * and the request they came with.
 */
export function actingStaff(ctx: { auth: { user: { id: string } }; request: RequestInfo }) {
  return { actorId: ctx.auth.user.id, request: ctx.request };
}

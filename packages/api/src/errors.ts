import { TRPCError } from '@trpc/server';

/** A machine-readable reason the SPA can act on (e.g. go to the verify-email page). */
export type AppErrorReason =
  | 'EMAIL_NOT_VERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'MAINTENANCE'
  | 'ACCOUNT_BLOCKED';

export class AppErrorCause extends Error {
  constructor(readonly reason: AppErrorReason) {
    super(reason);
  }
}

export function appError(
  code: TRPCError['code'],
  message: string,
  reason?: AppErrorReason,
): TRPCError {
  return new TRPCError({ code, message, cause: reason ? new AppErrorCause(reason) : undefined });
}

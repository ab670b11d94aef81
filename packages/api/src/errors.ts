import { TRPCError } from '@trpc/server';

/** A machine-readable reason the SPA can act on (e.g. go to the verify-email page). */
export type AppErrorReason =
  | 'EMAIL_NOT_VERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'MAINTENANCE'
  | 'ACCOUNT_BLOCKED'
  /** Over a fairness bound (fairness.ts): too many calls at once. */
  | 'RATE_LIMITED';

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

/** Carried by a 429: how long the caller should wait (the REST adapter's `Retry-After`). */
export class RetryAfterCause extends Error {
  constructor(
    readonly seconds: number,
    readonly reason?: AppErrorReason,
  ) {
    super(`retry after ${seconds} s`);
  }
}

/** 429 with SPEC.md's message; `retryAfterMs` is when the refusing limit lets the caller in. */
export function tooManyRequests(
  message: string,
  retryAfterMs: number,
  reason?: AppErrorReason,
): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message,
    cause: new RetryAfterCause(Math.max(1, Math.ceil(retryAfterMs / 1000)), reason),
  });
}

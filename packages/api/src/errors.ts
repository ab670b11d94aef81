import { TRPCError } from '@trpc/server';

/** A machine-readable reason the SPA can act on (e.g. go to the verify-email page). */
export type AppErrorReason =
  | 'EMAIL_NOT_VERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'MAINTENANCE'
  | 'ACCOUNT_BLOCKED'
  /** A loan decision named a version of the application that is no longer current. */
  | 'APPLICATION_CHANGED'
  /** Nobody decides on their own loan application. */
  | 'OWN_APPLICATION'
  /** A support quota (attachment bytes, tickets, chat lines) is used up for now. */
  | 'QUOTA_EXCEEDED'
  /** The database or Redis is unavailable, or this server is closing: retry after Retry-After. */
  | 'SERVICE_UNAVAILABLE'
  /** Over a fairness bound (fairness.ts): too many calls at once. */
  | 'RATE_LIMITED'
  /** A reversal the paying-back account cannot cover: `details.shortfall` names how much. */
  | 'REVERSAL_SHORTFALL'
  /** Four eyes: the maker of an approval request cannot decide it. */
  | 'OWN_REQUEST'
  /** Four eyes: a request for the same thing is already waiting for a second staff member. */
  | 'APPROVAL_PENDING'
  /** Four eyes: the request lapsed (24 hours) or was already decided. */
  | 'APPROVAL_CLOSED'
  /** Nobody acts as staff on their own account. */
  | 'OWN_ACCOUNT';

/** The figures of a refusal (limit, used, when it resets), sent as the body's `details`. */
export type AppErrorDetails = Record<string, string | number | null>;

export class AppErrorCause extends Error {
  constructor(
    readonly reason: AppErrorReason,
    readonly details?: AppErrorDetails,
    /** For a 429: when the refusing limit lets the caller in (the `Retry-After` header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }
}

export function appError(
  code: TRPCError['code'],
  message: string,
  reason?: AppErrorReason,
  details?: AppErrorDetails,
): TRPCError {
  return new TRPCError({
    code,
    message,
    cause: reason ? new AppErrorCause(reason, details) : undefined,
  });
}

/** 429 for a used-up quota: its figures in `details`, `Retry-After` when it resets. */
export function quotaExceeded(
  message: string,
  details: AppErrorDetails & { resetsAt: string | null },
  retryAfterMs: number,
): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message,
    cause: new AppErrorCause(
      'QUOTA_EXCEEDED',
      details,
      Math.max(1, Math.ceil(retryAfterMs / 1000)),
    ),
  });
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

/** 429 with docs/product.md's message; `retryAfterMs` is when the refusing limit lets the caller in. */
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

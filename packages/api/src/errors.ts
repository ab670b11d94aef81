import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/**
 * Every stable `code` an error body can carry (docs/integrators.md, Errors), with the statuses
 * it comes with and what it means. Adding a code is one line here: the type, the OpenAPI enum
 * and the catalogue test all read this table.
 */
// biome-ignore format: one line per code, so that adding one is one line
export const errorCatalogue = {
  VALIDATION_ERROR: [[400], 'The input is not valid: `details` lists each field and what is wrong with it.'],
  BAD_REQUEST: [[400], 'A rule refused the request; `message` says which. Refusals without a code of their own yet.'],
  INSUFFICIENT_FUNDS: [[400], 'The account holds less than the amount. `details`: `amount`, `available`, `nextStep`.'],
  DAILY_LIMIT_EXCEEDED: [[400], 'Over a daily transfer or withdrawal limit. `details`: `limit`, `used`, `available`, `resetsAt`, `nextStep`.'],
  ACCOUNT_NOT_FOUND: [[400, 404], 'No open account of this bank has the number given (400), or the customer has no open account (404).'],
  OWN_ACCOUNT: [[400, 403], 'A transfer named the sender’s own account (400), or staff acted on their own account (403).'],
  REVERSAL_SHORTFALL: [[400], 'The account that pays a reversal back cannot cover it. `details`: `shortfall`, `available`.'],
  ACCOUNT_CANNOT_RECEIVE: [[400], 'The account named is one of the bank’s own and takes no transfers.'],
  UNAUTHORIZED: [[401], 'No session or token was sent, or it is unknown or expired: sign in again.'],
  FORBIDDEN: [[403], 'Signed in, but this role may not do this (or a cross-site browser request).'],
  EMAIL_NOT_VERIFIED: [[403], 'The e-mail address is not verified yet: follow the link in the verification e-mail.'],
  TWO_FACTOR_REQUIRED: [[403], 'The session still owes its second factor: `POST /auth/2fa/verify`.'],
  ACCOUNT_BLOCKED: [[403], 'The user is blocked by the bank: they cannot sign in.'],
  OWN_APPLICATION: [[403], 'Nobody decides on their own loan application.'],
  ACCOUNT_FROZEN: [[403], 'A freeze on the account stops this movement: the customer should contact support.'],
  STEP_UP_REQUIRED: [[403], 'A second factor is needed: the current TOTP code, or a code from `POST /auth/step-up`, as `code`.'],
  INSUFFICIENT_SCOPE: [[403], 'The app’s token lacks the scope this operation needs (`details.scope`; for a customer’s token, they must consent again), or a customer’s token was sent where the app’s own (client credentials) is needed.'],
  APP_NOT_ALLOWED: [[403], 'A third-party app’s token may not call this operation at all (a staff, session or security operation), or it acts for no customer here.'],
  WEBHOOK_URL_REFUSED: [[400], 'Webhooks may not go to this URL: in production https to a public address only; elsewhere this machine only.'],
  NOT_FOUND: [[404], 'No such resource, or not the caller’s: another customer’s id answers 404 too.'],
  METHOD_NOT_ALLOWED: [[405], 'The path exists but not with this method; `Allow` lists the methods.'],
  CONFLICT: [[409], 'The resource’s state refuses the change, or the ledger met repeated conflicting changes: retry with the same `Idempotency-Key`.'],
  OWN_REQUEST: [[403], 'Four eyes: the maker of an approval request cannot decide it.'],
  APPROVAL_PENDING: [[409], 'Four eyes: a request for the same thing already waits for a second staff member.'],
  APPROVAL_CLOSED: [[409], 'Four eyes: the request lapsed (24 hours) or was already decided.'],
  DISPUTE_OPEN: [[409], 'This movement already has an open dispute: `details`: `disputeId`. One at a time per movement.'],
  DISPUTE_STATUS: [[409], 'The dispute cannot move to that status from where it stands (or it is closed).'],
  APPLICATION_CHANGED: [[409], 'A loan decision named a version of the application that is no longer current. `details`: `version`.'],
  GONE: [[410], 'The resource existed and has been removed.'],
  PAYLOAD_TOO_LARGE: [[413], 'The body (or a file) is over its size limit.'],
  UNSUPPORTED_MEDIA_TYPE: [[415], 'The body is not `application/json` (or `multipart/form-data` where accepted).'],
  IDEMPOTENCY_KEY_REUSED: [[422], 'This `Idempotency-Key` was already used with a different request.'],
  RATE_LIMITED: [[429], 'Over a rate limit or a fairness bound: wait `Retry-After` seconds.'],
  QUOTA_EXCEEDED: [[429], 'A support quota is used up for now. `details`: `limit`, `used`, `resetsAt`.'],
  INTERNAL_ERROR: [[500], 'Something failed on our side; `X-Request-Id` names it in our logs.'],
  MAINTENANCE: [[503], 'The bank is under maintenance: only administrators get through.'],
  SERVICE_UNAVAILABLE: [[503], 'A dependency is down or this server is closing: retry after `Retry-After` seconds.'],
} as const satisfies Record<string, readonly [readonly number[], string]>;

/** A stable, machine-readable error code (the body's `code`). */
export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** A code a procedure names where tRPC's own would say less (kept under its first name). */
export type AppErrorReason = ErrorCode;

/** The code of an error that names none of its own: tRPC's, said in the catalogue's words. */
const codeOfTrpc: Record<TRPC_ERROR_CODE_KEY, ErrorCode> = {
  PARSE_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PAYMENT_REQUIRED: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  TIMEOUT: 'SERVICE_UNAVAILABLE',
  CONFLICT: 'CONFLICT',
  PRECONDITION_FAILED: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_CONTENT: 'IDEMPOTENCY_KEY_REUSED',
  PRECONDITION_REQUIRED: 'BAD_REQUEST',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  CLIENT_CLOSED_REQUEST: 'BAD_REQUEST',
  INTERNAL_SERVER_ERROR: 'INTERNAL_ERROR',
  NOT_IMPLEMENTED: 'INTERNAL_ERROR',
  BAD_GATEWAY: 'SERVICE_UNAVAILABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  GATEWAY_TIMEOUT: 'SERVICE_UNAVAILABLE',
};

/**
 * The figures of a refusal sent as the body's `details`: `limit`, `used`, `available` (dollars),
 * `resetsAt` (ISO time) as they apply, and `nextStep`, what the caller can do, in words.
 */
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

/** The stable code of a tRPC error: the one its cause names, else tRPC's in our words. */
export function errorCodeOf(error: TRPCError): ErrorCode {
  if (error.cause instanceof ZodError) return 'VALIDATION_ERROR';
  if (error.cause instanceof AppErrorCause) return error.cause.reason;
  if (error.cause instanceof RetryAfterCause && error.cause.reason) return error.cause.reason;
  return codeOfTrpc[error.code];
}

/** A rule's figures carried by a tRPC error, if any. */
export function errorDetailsOf(error: TRPCError): AppErrorDetails | undefined {
  return error.cause instanceof AppErrorCause ? error.cause.details : undefined;
}

/** The code tRPC's own code stands for (a stored refusal kept before codes were stored). */
export function codeOfTrpcCode(code: TRPC_ERROR_CODE_KEY): ErrorCode {
  return codeOfTrpc[code];
}

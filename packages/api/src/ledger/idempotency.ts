import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  AppErrorCause,
  codeOfTrpcCode,
  type ErrorCode,
  errorCatalogue,
  errorCodeOf,
  errorDetailsOf,
} from '../errors.ts';
import type { IdempotencyClaim, Posted, Posting } from './posting.ts';
import type { StoredAnswer } from './stored-answer.ts';

/** Keys are kept at least this long (README); a sweep removes older ones. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;

/** By code unit: the same on every machine (a locale's collation may differ between instances). */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => key !== 'idempotencyKey' && v !== undefined)
        .sort(([a], [b]) => byCodeUnit(a, b))
        .map(([key, v]) => [key, canonical(v)]),
    );
  }
  return value;
}

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

/** The claim of a request that came with a key; none without one. */
export function idempotencyClaim<R>(
  userId: string,
  key: string | undefined,
  operation: string,
  request: unknown,
  output: z.ZodType<R>,
): IdempotencyClaim<R> | undefined {
  if (!key) return undefined;
  return { userId, key, operation, requestHash: requestHash(operation, request), output };
}

/**
 * What the key answers again: the stored answer of the same request, or 422 when the key was
 * used for a different one (Stripe, IETF draft).
 */
export function replayOf<R>(stored: StoredAnswerRow, claim: IdempotencyClaim<R>): Posted<R> {
  if (stored.operation !== claim.operation || stored.requestHash !== claim.requestHash) {
    throw new TRPCError({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'This idempotency key was already used for a different request',
    });
  }
  if (!stored.response.ok) {
    const { reason, details } = stored.response;
    const code = toCode(stored.response.code);
    throw new TRPCError({
      code,
      message: stored.response.message,
      cause: new ReplayedRefusal(isErrorCode(reason) ? reason : codeOfTrpcCode(code), details),
    });
  }
  return { value: claim.output.parse(stored.response.data), replayed: true };
}

/**
 * Marks a refusal that is the stored answer of an earlier request with the same key; it carries
 * the first answer's code and figures.
 */
export class ReplayedRefusal extends AppErrorCause {}

function isErrorCode(value: string | undefined): value is ErrorCode {
  return value !== undefined && Object.hasOwn(errorCatalogue, value);
}

export function isReplayedRefusal(error: unknown): boolean {
  return error instanceof TRPCError && error.cause instanceof ReplayedRefusal;
}

export interface StoredAnswerRow {
  operation: string;
  requestHash: string;
  response: StoredAnswer;
}

/** The answer a key keeps for a business rule's refusal. */
export function storedRefusal(error: TRPCError): StoredAnswer {
  // A refusal that names a code of its own keeps it (and its figures); tRPC's code says the rest.
  const details = errorDetailsOf(error);
  return {
    ok: false,
    code: error.code,
    message: error.message,
    ...(error.cause instanceof AppErrorCause ? { reason: errorCodeOf(error) } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * A refusal found before the ledger was asked (a wrong CVV, a card that is not a debit card):
 * posted like any other answer, so the key keeps it, or answers what it already keeps.
 */
export function refusalPosting<R>(
  refusal: TRPCError,
  idempotency: IdempotencyClaim<R> | undefined,
): Posting<R> {
  return { needs: {}, idempotency, judge: () => ({ refused: refusal }) };
}

/**
 * Builds a posting, or the refusal posting of the business rule that stopped it first. An
 * internal failure is thrown as it is: it is not an answer, so the key stays free.
 */
export async function postingOrRefusal<R>(
  build: () => Promise<Posting<R>>,
  idempotency: IdempotencyClaim<R> | undefined,
): Promise<Posting<R>> {
  try {
    return await build();
  } catch (error) {
    if (error instanceof TRPCError && isDefinite(error)) return refusalPosting(error, idempotency);
    throw error;
  }
}

/** A refusal by a rule is a definite answer; a conflict, a time-out or a failure is not. */
export function isDefinite(error: TRPCError): boolean {
  return !['CONFLICT', 'INTERNAL_SERVER_ERROR', 'TIMEOUT', 'SERVICE_UNAVAILABLE'].includes(
    error.code,
  );
}

const codes = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
] as const;
function toCode(code: string): (typeof codes)[number] {
  return codes.find((known) => known === code) ?? 'BAD_REQUEST';
}

import { messages } from '@bank/validators/messages';
import { TRPCClientError } from '@trpc/client';
import * as z from 'zod/mini';

/** What the server's error formatter adds to `error.data` (packages/api/src/trpc.ts). */
const errorData = z.object({
  code: z.optional(z.string()),
  httpStatus: z.optional(z.number()),
  reason: z.nullish(z.string()),
  details: z.nullish(z.array(z.object({ field: z.string(), message: z.string() }))),
});

export type ErrorReason =
  | 'EMAIL_NOT_VERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'MAINTENANCE'
  | 'ACCOUNT_BLOCKED';

export interface ApiErrorInfo {
  code: string | null;
  httpStatus: number | null;
  reason: string | null;
  details: { field: string; message: string }[];
  message: string;
  /** No answer reached us (offline, time-out, server down). */
  network: boolean;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  if (!(error instanceof TRPCClientError)) {
    return {
      code: null,
      httpStatus: null,
      reason: null,
      details: [],
      message: error instanceof Error ? error.message : '',
      network: false,
    };
  }
  const parsed = z.safeParse(errorData, error.data);
  const data = parsed.success ? parsed.data : null;
  return {
    code: data?.code ?? null,
    httpStatus: data?.httpStatus ?? null,
    reason: data?.reason ?? null,
    details: data?.details ?? [],
    message: error.message,
    network: data === null || data.httpStatus === undefined,
  };
}

export function errorReason(error: unknown): string | null {
  return apiErrorInfo(error).reason;
}

export function isUnauthorized(error: unknown): boolean {
  return apiErrorInfo(error).code === 'UNAUTHORIZED';
}

/**
 * The text to show for a failed call (SPEC.md 7 and 8): joined validation messages for 400s,
 * the catalogue texts for 429, 5xx and no response, else the server's message or `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const info = apiErrorInfo(error);
  if (!(error instanceof TRPCClientError)) return fallback;
  if (info.network) return messages.network;
  const status = info.httpStatus ?? 0;
  if (status === 400) {
    const joined = info.details.map((detail) => detail.message).join('. ');
    if (info.message.toLowerCase() === messages.validation.toLowerCase()) return joined || fallback;
    if (joined) return joined;
  }
  if (status === 429) return info.message || messages.tooManyRequests;
  if (status >= 500 && info.code !== 'SERVICE_UNAVAILABLE') return messages.unexpected;
  return info.message || fallback;
}

import { messages } from '@bank/validators/messages';
import { TRPCClientError } from '@trpc/client';

/**
 * What the server's error formatter adds to `error.data` (packages/api/src/trpc.ts). Read by
 * hand rather than with zod: this module is in the entry chunk, which stays free of zod.
 */
interface ErrorData {
  code?: string;
  httpStatus?: number;
  reason: string | null;
  details: { field: string; message: string }[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readErrorData(value: unknown): ErrorData | null {
  if (!isRecord(value)) return null;
  const { code, httpStatus, reason, details } = value;
  if (code !== undefined && typeof code !== 'string') return null;
  if (httpStatus !== undefined && typeof httpStatus !== 'number') return null;
  if (reason != null && typeof reason !== 'string') return null;
  // `details` is a list of field errors, or a rule's figures (limit, used, version...).
  if (details != null && !isRecord(details)) return null;
  const fieldErrors: ErrorData['details'] = [];
  for (const detail of Array.isArray(details) ? details : []) {
    if (!isRecord(detail)) return null;
    if (typeof detail.field !== 'string' || typeof detail.message !== 'string') return null;
    fieldErrors.push({ field: detail.field, message: detail.message });
  }
  return { code, httpStatus, reason: reason ?? null, details: fieldErrors };
}

export type ErrorReason =
  | 'EMAIL_NOT_VERIFIED'
  | 'TWO_FACTOR_REQUIRED'
  | 'MAINTENANCE'
  | 'ACCOUNT_BLOCKED'
  | 'APPLICATION_CHANGED'
  | 'OWN_APPLICATION'
  | 'QUOTA_EXCEEDED';

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
  const data = readErrorData(error.data);
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
 * The text to show for a failed call (docs/product.md 7 and 8): joined validation messages for
 * 400s, the catalogue texts for 429, 5xx and no response, else the server's message or `fallback`.
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
  // A 503 (maintenance, an outage) says why; any other 5xx is unexpected.
  if (status >= 500 && status !== 503) return messages.unexpected;
  return info.message || fallback;
}

import { type ErrorStatus, pathParameterNames, type RestRoute } from '@bank/api/rest/define';

/** The shared error answers, each a component every operation that can answer it names. */
export const errorResponses: Record<
  ErrorStatus | 500,
  { name: string; description: string; example: unknown }
> = {
  400: {
    name: 'BadRequest',
    description:
      'The input is not valid: `Validation error` with one detail per field, or a body that is not JSON.',
    example: {
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [{ field: 'amount', message: 'Amount must be positive' }],
    },
  },
  401: {
    name: 'Unauthorized',
    description:
      'No session token was sent (`Authentication required`), or it is unknown or expired (`Your session has expired. Please sign in again.`).',
    example: { code: 'UNAUTHORIZED', message: 'Authentication required' },
  },
  403: {
    name: 'Forbidden',
    description:
      'Signed in, but not allowed: another role, an unverified e-mail, a second factor still owed, a change that needs a step-up code (`STEP_UP_REQUIRED`), a frozen account (`ACCOUNT_FROZEN`), or a cross-site browser request.',
    example: { code: 'FORBIDDEN', message: 'You do not have access to this' },
  },
  404: {
    name: 'NotFound',
    description: 'No such resource, or not the caller’s: another customer’s id answers 404 too.',
    example: { code: 'NOT_FOUND', message: 'Transaction not found' },
  },
  409: {
    name: 'Conflict',
    description:
      'The ledger could not settle the request after repeated conflicting changes (nothing moved and the `Idempotency-Key` stays free: retry with the same key), or the resource’s state refuses the change.',
    example: { code: 'CONFLICT', message: 'Please retry the request' },
  },
  410: {
    name: 'Gone',
    description: 'The resource existed and has been removed.',
    example: { code: 'GONE', message: 'Gone' },
  },
  413: {
    name: 'ContentTooLarge',
    description: 'The body is larger than 1,048,576 bytes (or a file is over its limit).',
    example: { code: 'PAYLOAD_TOO_LARGE', message: 'Request is too large' },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json` (or `multipart/form-data` where accepted).',
    example: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' },
  },
  422: {
    name: 'UnprocessableContent',
    description: 'This `Idempotency-Key` was already used with a different request.',
    example: {
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This idempotency key was already used for a different request',
    },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Over a rate limit: wait the `Retry-After` seconds.',
    example: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The bank is under maintenance (only administrators get through), reason `MAINTENANCE`; or the database or Redis is unavailable, or this server is closing, reason `SERVICE_UNAVAILABLE`: retry after `Retry-After` seconds (a keyed money call is safe to retry with the same `Idempotency-Key`).',
    example: {
      code: 'MAINTENANCE',
      message: 'The bank is under maintenance. Please try again later.',
      reason: 'MAINTENANCE',
    },
  },
  500: {
    name: 'InternalError',
    description:
      'Something failed on our side; the `X-Request-Id` names it in our logs. Retrying a money-moving call with the same `Idempotency-Key` is safe.',
    example: {
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again later.',
    },
  },
};

/** The statuses a route can answer besides its success, from its shape and its spec. */
export function errorStatuses(route: RestRoute, hasInput: boolean, idempotent: boolean) {
  const statuses = new Set<ErrorStatus | 500>(route.errors);
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const signedIn = route.access !== 'public' && route.access !== 'development';
  if (hasInput || hasBody) statuses.add(400);
  if (signedIn) {
    statuses.add(401);
    statuses.add(403);
    statuses.add(503);
  }
  if (pathParameterNames(route.path).length > 0 || route.access === 'development') {
    statuses.add(404);
  }
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (idempotent) {
    statuses.add(409);
    statuses.add(422);
  }
  if (route.rateLimited || idempotent) statuses.add(429);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

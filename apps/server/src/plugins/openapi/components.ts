import { errorResponses } from './error-responses.ts';
import { ref } from './json-schema.ts';
import type { SchemaBook } from './schema-book.ts';

/** What operations share: security schemes, parameters, headers, error answers and schemas. */
export function components(book: SchemaBook) {
  const retryAfter = ref('headers', 'RetryAfter');
  const requestId = ref('headers', 'RequestId');
  const responses = Object.fromEntries(
    Object.entries(errorResponses).map(([status, { name, description, example }]) => [
      name,
      {
        description,
        headers: {
          'X-Request-Id': requestId,
          ...(status === '429' || status === '503' ? { 'Retry-After': retryAfter } : {}),
          ...(status === '401' ? { 'WWW-Authenticate': ref('headers', 'WwwAuthenticate') } : {}),
        },
        content: {
          'application/json': {
            schema: ref('schemas', 'Error'),
            example,
          },
        },
      },
    ]),
  );
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The `token` answered by `POST /auth/login`, sent as `Authorization: Bearer <token>`.',
      },
      cookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'session',
        description:
          'The browser’s HttpOnly session cookie (`__Host-session` in production), set by `POST /auth/login`.',
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string (a UUID is a good choice), at most 255 characters. Kept at least 24 hours.',
        schema: { type: 'string', maxLength: 255 },
        example: '8e0f6a8e-2b63-4d0e-9a0f-5d6b1c1f2a10',
      },
    },
    headers: {
      RequestId: {
        description:
          'Names this request in our logs: the caller’s own `X-Request-Id` when it is 1-128 characters of letters, digits and `-_.:`, otherwise a new UUID.',
        schema: { type: 'string' },
      },
      RetryAfter: {
        description: 'Seconds to wait before trying again.',
        schema: { type: 'integer', minimum: 0 },
      },
      RateLimit: {
        description:
          'What is left of the limit (IETF draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<remaining>;t=<seconds until the window resets>`.',
        schema: { type: 'string' },
        example: '"lookup";r=29;t=60',
      },
      RateLimitPolicy: {
        description: 'The limit: `"<policy>";q=<requests>;w=<window in seconds>`.',
        schema: { type: 'string' },
        example: '"lookup";q=30;w=60',
      },
      IdempotentReplayed: {
        description: '`true` when this answer is the stored first answer to the same key.',
        schema: { type: 'string', enum: ['true'] },
      },
      ContentDisposition: {
        description: 'Always `attachment`, with the file name.',
        schema: { type: 'string' },
      },
      WwwAuthenticate: {
        description:
          '`Bearer` (with `error="invalid_token"` when a token was sent but is not valid).',
        schema: { type: 'string' },
      },
    },
    responses,
    schemas: {
      ...book.schemas,
      Error: {
        type: 'object',
        description: 'Every error answer.',
        required: ['message'],
        properties: {
          message: { type: 'string', description: 'Written for people; show it as it is.' },
          reason: {
            type: 'string',
            description: 'A machine-readable reason where the caller can act on it.',
            enum: [
              'EMAIL_NOT_VERIFIED',
              'TWO_FACTOR_REQUIRED',
              'MAINTENANCE',
              'ACCOUNT_BLOCKED',
              'APPLICATION_CHANGED',
              'OWN_APPLICATION',
              'QUOTA_EXCEEDED',
              'SERVICE_UNAVAILABLE',
              'RATE_LIMITED',
              'REVERSAL_SHORTFALL',
              'OWN_REQUEST',
              'APPROVAL_PENDING',
              'APPROVAL_CLOSED',
              'OWN_ACCOUNT',
            ],
          },
          details: {
            description:
              'With `Validation error`: one entry per invalid field. With a rule’s refusal (`QUOTA_EXCEEDED`, `APPLICATION_CHANGED`, `REVERSAL_SHORTFALL`): its figures, e.g. `{limit, used, resetsAt}`, the current `version` or the `shortfall`.',
            oneOf: [
              { type: 'array', items: ref('schemas', 'ValidationDetail') },
              {
                type: 'object',
                additionalProperties: { type: ['string', 'number', 'null'] },
              },
            ],
          },
        },
      },
      ValidationDetail: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'The field’s path, dot-separated.' },
          message: { type: 'string' },
        },
      },
    },
  };
}

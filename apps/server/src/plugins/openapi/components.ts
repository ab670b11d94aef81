import { errorCodes } from '@bank/api/errors';
import { appScopeLabels } from '@bank/validators/partners';
import { oauthRoutes } from '../../oauth/paths.ts';
import { errorResponses } from './error-responses.ts';
import { ref } from './json-schema.ts';
import type { SchemaBook } from './schema-book.ts';

/** What operations share: security schemes, parameters, headers, error answers and schemas. */
export function components(book: SchemaBook, origin: string) {
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
      oauth2: {
        type: 'oauth2',
        description:
          'A third-party app’s access token (10 minutes), sent as `Authorization: Bearer <token>`. Only operations that name a scope take one; without the scope they answer 403 `INSUFFICIENT_SCOPE`. Discovery: `/.well-known/openid-configuration`.',
        flows: {
          authorizationCode: {
            authorizationUrl: `${origin}${oauthRoutes.authorization}`,
            tokenUrl: `${origin}${oauthRoutes.token}`,
            refreshUrl: `${origin}${oauthRoutes.token}`,
            scopes: appScopeLabels,
          },
          clientCredentials: {
            tokenUrl: `${origin}${oauthRoutes.token}`,
            scopes: appScopeLabels,
          },
        },
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
        description:
          'Every error answer. Act on `code` (the catalogue: docs/integrators.md, Errors); show `message`.',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            description:
              'Stable and machine-readable: it never changes for a given refusal once published. New codes may be added (treat an unknown one by its HTTP status).',
            enum: errorCodes,
          },
          message: { type: 'string', description: 'Written for people; show it as it is.' },
          reason: {
            type: 'string',
            deprecated: true,
            description: 'The older name of `code`, sent where it was before: read `code`.',
            enum: errorCodes,
          },
          details: {
            description:
              'With `VALIDATION_ERROR`: one entry per invalid field. With a rule’s refusal: its figures (`limit`, `used`, `available` in dollars, `resetsAt` as an ISO time, as they apply) and `nextStep`, what the customer can do, in words.',
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

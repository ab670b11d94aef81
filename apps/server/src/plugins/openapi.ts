import { type ErrorStatus, pathParameterNames, type RestRoute } from '@bank/api/rest/define';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * The named schemas of the document. Zod schemas carrying `.meta({ id })` become components of
 * that name (their `$defs` are hoisted here); every request and response body is named after
 * its operation, so generated clients get readable type names.
 */
class SchemaBook {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Adds `schema` under `name` (or `name` + suffix if a different schema holds it). */
  add(name: string, schema: JsonSchema, suffix = 'Input'): string {
    const existing = this.schemas[name];
    if (existing === undefined || JSON.stringify(existing) === JSON.stringify(schema)) {
      this.schemas[name] = schema;
      return name;
    }
    return this.add(`${name}${suffix}`, schema, suffix);
  }

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _ignored,
      $defs,
      ...converted
    }: JsonSchema = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    });
    // Definitions land in components; refs between them are rewritten before comparing, so
    // the same schema met again is recognised.
    const toComponents = (value: unknown): JsonSchema =>
      JSON.parse(JSON.stringify(tidy(value)).replaceAll('"#/$defs/', '"#/components/schemas/'));
    let text = JSON.stringify(
      toComponents(io === 'input' ? withoutDefaults(converted) : converted),
    );
    if (isObject($defs)) {
      for (const [id, def] of Object.entries($defs)) {
        const name = this.add(id, toComponents(io === 'input' ? withoutDefaults(def) : def));
        if (name !== id) {
          text = text.replaceAll(`"#/components/schemas/${id}"`, `"#/components/schemas/${name}"`);
        }
      }
    }
    return JSON.parse(text);
  }
}

/** A `format` says it better than zod's long regular expression, for a human and a generator. */
function tidy(schema: unknown): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'pattern' && typeof value.format === 'string') continue;
      out[key] = walk(child);
    }
    return out;
  };
  const result = walk(schema);
  return isObject(result) ? result : {};
}

/**
 * A request field with a default is optional to send, but generators (openapi-typescript's
 * defaultNonNullable) read `default` as "always present" and would require it: the default is
 * said in the description instead.
 */
function withoutDefaults(schema: unknown): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const { default: fallback, ...rest } = value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(rest)) out[key] = walk(child);
    if (fallback !== undefined) {
      const said = `Default: \`${JSON.stringify(fallback)}\`.`;
      out.description = typeof out.description === 'string' ? `${out.description} ${said}` : said;
    }
    return out;
  };
  const result = walk(schema);
  return isObject(result) ? result : {};
}

/** Removes the named properties from an object schema (or from each branch of a union). */
function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema | null {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const kept = branches
        .filter(isObject)
        .map((branch) => withoutProperties(branch, names) ?? { type: 'object' });
      return { ...schema, [key]: kept };
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const remaining = Object.fromEntries(
    Object.entries(properties).filter(([name]) => !names.includes(name)),
  );
  if (Object.keys(remaining).length === 0) return null;
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string' && !names.includes(name))
    : [];
  const { required: _required, ...rest } = schema;
  return { ...rest, properties: remaining, ...(required.length > 0 ? { required } : {}) };
}

/** A property's schema, looked up in an object schema or the first union branch naming it. */
function propertySchema(schema: JsonSchema, name: string): JsonSchema | null {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const found = properties[name];
  if (isObject(found)) return found;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const inBranch = isObject(branch) ? propertySchema(branch, name) : null;
      if (inBranch) return inBranch;
    }
  }
  return null;
}

function omitKeys(value: unknown, names: readonly string[]): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !names.includes(key)));
}

const errorResponses: Record<
  ErrorStatus | 500,
  { name: string; description: string; example: unknown }
> = {
  400: {
    name: 'BadRequest',
    description:
      'The input is not valid: `Validation error` with one detail per field, or a body that is not JSON.',
    example: {
      message: 'Validation error',
      details: [{ field: 'amount', message: 'Amount must be positive' }],
    },
  },
  401: {
    name: 'Unauthorized',
    description:
      'No session token was sent (`Authentication required`), or it is unknown or expired (`Your session has expired. Please sign in again.`).',
    example: { message: 'Authentication required' },
  },
  403: {
    name: 'Forbidden',
    description:
      'Signed in, but not allowed: another role, an unverified e-mail, a second factor still owed (`reason`), or a cross-site browser request.',
    example: { message: 'You do not have access to this' },
  },
  404: {
    name: 'NotFound',
    description: 'No such resource, or not the caller’s: another customer’s id answers 404 too.',
    example: { message: 'Transaction not found' },
  },
  409: {
    name: 'Conflict',
    description:
      'The ledger could not settle the request after repeated conflicting changes (nothing moved and the `Idempotency-Key` stays free: retry with the same key), or the resource’s state refuses the change.',
    example: { message: 'Please retry the request' },
  },
  410: {
    name: 'Gone',
    description: 'The resource existed and has been removed.',
    example: { message: 'Gone' },
  },
  413: {
    name: 'ContentTooLarge',
    description: 'The body is larger than 1,048,576 bytes (or a file is over its limit).',
    example: { message: 'Request is too large' },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json` (or `multipart/form-data` where accepted).',
    example: { message: 'Send the body as application/json' },
  },
  422: {
    name: 'UnprocessableContent',
    description: 'This `Idempotency-Key` was already used with a different request.',
    example: { message: 'This idempotency key was already used for a different request' },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Over a rate limit: wait the `Retry-After` seconds.',
    example: { message: 'Too many requests. Please try again later.' },
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The bank is under maintenance (only administrators get through), reason `MAINTENANCE`; or the database or Redis is unavailable, or this server is closing, reason `SERVICE_UNAVAILABLE`: retry after `Retry-After` seconds (a keyed money call is safe to retry with the same `Idempotency-Key`).',
    example: {
      message: 'The bank is under maintenance. Please try again later.',
      reason: 'MAINTENANCE',
    },
  },
  500: {
    name: 'InternalError',
    description:
      'Something failed on our side; the `X-Request-Id` names it in our logs. Retrying a money-moving call with the same `Idempotency-Key` is safe.',
    example: { message: 'An unexpected error occurred. Please try again later.' },
  },
};

const tagDescriptions: Record<string, string> = {
  Auth: 'Sign-in, registration, e-mail verification, passwords, two-factor authentication and the profile.',
  Accounts: 'Confirmation of payee: who an account number belongs to before sending money.',
  Transactions:
    'Balance, history, CSV export and the money-moving calls (transfer, deposit, withdraw), all idempotent with `Idempotency-Key`.',
  Cards: 'Saved payment cards; only the last four digits ever come back.',
  Banks: 'Linked bank accounts for deposits and withdrawals.',
  Loans: 'Loan products, offers, applications, decisions and repayments.',
  Support: 'Support tickets, their conversation and attachments.',
  Users: 'User administration (administrators).',
  Admin: 'The bank’s administration (administrators).',
  Development: 'Only while no SMTP server is configured: the development mailbox.',
};

const accessText: Record<RestRoute['access'], string> = {
  public: 'No authentication.',
  'signed-in': 'Any signed-in session (also one that still owes its second factor).',
  customer: 'A fully signed-in customer (or administrator).',
  admin: 'Administrators only.',
  staff: 'Administrators and support staff.',
  development: 'No authentication; only while the development mailbox is on.',
};

/** The statuses a route can answer besides its success, from its shape and its spec. */
function errorStatuses(route: RestRoute, hasInput: boolean, idempotent: boolean) {
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

/** The form fields plus up to five image files in repeated `attachments` parts. */
function withFiles(body: JsonSchema): JsonSchema {
  return {
    allOf: [
      body,
      {
        type: 'object',
        properties: {
          attachments: {
            type: 'array',
            maxItems: 5,
            description: 'PNG, JPEG or GIF (judged by content), each at most 10,000,000 bytes',
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      },
    ],
  };
}

const imageFile = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
const storedFileContent = {
  'image/png': imageFile,
  'image/jpeg': imageFile,
  'image/gif': imageFile,
};

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const IDEMPOTENCY = 'idempotencyKey';

function buildOperation(route: RestRoute, book: SchemaBook) {
  const name = pascal(route.operationId);
  const input = book.convert(route.input, 'input');
  const pathParams = pathParameterNames(route.path);
  const idempotencySchema = propertySchema(input, IDEMPOTENCY);
  // Path ids live in the path and the key in its header: neither is asked for in the body.
  const rest = withoutProperties(input, [...pathParams, IDEMPOTENCY]);
  const takesBody = route.method === 'POST' || route.method === 'PUT';
  const example = omitKeys(route.example, [...pathParams, IDEMPOTENCY]);

  const parameters: unknown[] = pathParams.map((param) => ({
    name: param,
    in: 'path',
    required: true,
    description: `The ${param} of the resource.`,
    schema: propertySchema(input, param) ?? { type: 'string' },
  }));
  if (!takesBody && rest) {
    const required = Array.isArray(rest.required) ? rest.required : [];
    const properties = isObject(rest.properties) ? rest.properties : {};
    for (const [param, schema] of Object.entries(properties)) {
      const exampleValue = isObject(example) ? example[param] : undefined;
      parameters.push({
        name: param,
        in: 'query',
        required: required.includes(param),
        schema,
        ...(exampleValue !== undefined ? { example: exampleValue } : {}),
      });
    }
  }
  if (idempotencySchema) parameters.push(ref('parameters', 'IdempotencyKey'));

  let requestBody: unknown;
  if (takesBody && rest) {
    const schemaName = book.add(`${name}Request`, rest);
    const required =
      !isObject(rest.properties) || (Array.isArray(rest.required) && rest.required.length > 0);
    const json = {
      schema: ref('schemas', schemaName),
      ...(route.example !== undefined ? { example } : {}),
    };
    requestBody = {
      required,
      content: {
        'application/json': json,
        ...(route.multipart
          ? { 'multipart/form-data': { schema: withFiles(ref('schemas', schemaName)) } }
          : {}),
      },
    };
  }

  const successHeaders: Record<string, unknown> = { 'X-Request-Id': ref('headers', 'RequestId') };
  if (idempotencySchema)
    successHeaders['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
  if (route.rateLimitHeaders) {
    successHeaders.RateLimit = ref('headers', 'RateLimit');
    successHeaders['RateLimit-Policy'] = ref('headers', 'RateLimitPolicy');
  }
  let content: unknown;
  if (route.contentType === 'application/octet-stream') {
    content = storedFileContent;
    successHeaders['Content-Disposition'] = ref('headers', 'ContentDisposition');
  } else if (route.contentType === 'text/csv') {
    content = {
      'text/csv': {
        schema: { type: 'string' },
        example:
          'Date,Description,Type,Status,Amount\n2026-11-23,Rent,transfer,completed,-850.00\n',
      },
    };
    successHeaders['Content-Disposition'] = ref('headers', 'ContentDisposition');
  } else {
    content = {
      'application/json': {
        schema: ref(
          'schemas',
          book.add(`${name}Response`, book.convert(route.output, 'output'), 'Output'),
        ),
      },
    };
  }

  const responses: Record<string, unknown> = {
    [String(route.successStatus)]: {
      description: route.successStatus === 201 ? 'Created' : 'OK',
      headers: successHeaders,
      content,
    },
  };
  for (const status of errorStatuses(route, rest !== null, idempotencySchema !== null)) {
    responses[String(status)] = ref('responses', errorResponses[status].name);
  }

  // A short title for navigation: the summary's first sentence; the rest describes.
  const [title = route.summary, ...more] = route.summary.split(/(?<=\.)\s+/);
  const moreText = more.filter((sentence) => !/^Accepts Idempotency-Key\.?$/.test(sentence));
  const notes = [
    moreText.join(' '),
    route.description,
    `**Access:** ${accessText[route.access]}`,
    idempotencySchema
      ? '**Idempotent:** send a fresh `Idempotency-Key` per operation and the same key on a retry: the first answer comes back (with `Idempotent-Replayed: true`) and no money moves twice.'
      : undefined,
  ].filter((text): text is string => typeof text === 'string' && text !== '');
  return {
    operationId: route.operationId,
    summary: title.replace(/\.$/, ''),
    description: notes.join('\n\n'),
    tags: [route.tag],
    'x-access': route.access,
    ...(route.access === 'public' || route.access === 'development' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

function components(book: SchemaBook) {
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
            ],
          },
          details: {
            description:
              'With `Validation error`: one entry per invalid field. With a rule’s refusal (`QUOTA_EXCEEDED`, `APPLICATION_CHANGED`): its figures, e.g. `{limit, used, resetsAt}` or the current `version`.',
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

/** OpenAPI 3.1 from the same zod schemas the procedures validate with. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const book = new SchemaBook();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = buildOperation(route, book);
  }
  const usedTags = [...new Set(routes.map((route) => route.tag))];
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Horizon Bank API',
      version: '1.0.0',
      summary: 'Accounts, payments, cards, loans and support for Horizon Bank’s customers.',
      description: [
        'The REST API over the same procedures the web app uses. The integrator guide (`docs/integrators.md`) walks through a first transfer.',
        '- **Authentication:** `POST /auth/login` answers a `token`; send it as `Authorization: Bearer <token>`. Without one, protected calls answer 401 `Authentication required`; with an expired one, `Your session has expired. Please sign in again.`',
        '- **Idempotency:** money-moving calls take an `Idempotency-Key` header; a retry with the same key answers the first result (`Idempotent-Replayed: true`).',
        '- **Errors:** `{message, reason?, details?}`; messages are written for people. Every answer carries `X-Request-Id`.',
        '- **Rate limits:** 429 with `Retry-After`; limited calls send `RateLimit` and `RateLimit-Policy`.',
        '- **Amounts:** US dollars as JSON numbers with at most two decimals.',
      ].join('\n'),
      contact: { name: 'Horizon Bank API support', url: '/support' },
      license: { name: 'Proprietary', url: '/terms' },
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags: usedTags.map((name) => ({
      name,
      description: tagDescriptions[name] ?? `${name} operations.`,
    })),
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
    components: components(book),
  };
  return withoutUnusedComponents(document);
}

/** Drops the shared responses and headers no operation names (a lint error otherwise). */
function withoutUnusedComponents<T extends { components: { responses: object; headers: object } }>(
  document: T,
): T {
  const text = JSON.stringify(document);
  const used = (kind: string, name: string) => text.includes(`"#/components/${kind}/${name}"`);
  const keep = (kind: string, entries: object) =>
    Object.fromEntries(Object.entries(entries).filter(([name]) => used(kind, name)));
  return {
    ...document,
    components: {
      ...document.components,
      responses: keep('responses', document.components.responses),
      headers: keep('headers', document.components.headers),
    },
  };
}

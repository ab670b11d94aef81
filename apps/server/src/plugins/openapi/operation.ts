import { createHash } from 'node:crypto';
import { pathParameterNames, type RestRoute } from '@bank/api/rest/define';
import type { z } from 'zod';
import { errorResponses, errorStatuses } from './error-responses.ts';
import {
  isObject,
  type JsonSchema,
  omitKeys,
  propertySchema,
  ref,
  withoutProperties,
} from './json-schema.ts';
import type { SchemaBook } from './schema-book.ts';

// One route's operation: its parameters, body and answers, and the text the reference shows.

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const accessText: Record<RestRoute['access'], string> = {
  public: 'No authentication.',
  'signed-in': 'Any signed-in session (also one that still owes its second factor).',
  customer: 'A fully signed-in customer (or administrator).',
  admin: 'Administrators only.',
  staff: 'Administrators and support staff.',
  development: 'No authentication; only while the development mailbox is on.',
  app: 'A third-party app’s own OAuth access token (client credentials), not a customer’s session.',
};

/**
 * The form fields plus up to five image files in repeated `attachments` parts: one flat object
 * with the files as `format: binary` strings, which generators turn into a FormData upload
 * (an `allOf`, or a JSON body offered beside it, made them drop the files or send JSON).
 */
function formWithFiles(body: JsonSchema): JsonSchema {
  const properties = isObject(body.properties) ? body.properties : {};
  return {
    type: 'object',
    ...(Array.isArray(body.required) ? { required: body.required } : {}),
    properties: {
      ...properties,
      attachments: {
        type: 'array',
        maxItems: 5,
        description: 'PNG, JPEG or GIF (judged by content), each at most 10,000,000 bytes',
        items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
      },
    },
  };
}

const imageFile = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
const storedFileContent = {
  'image/png': imageFile,
  'image/jpeg': imageFile,
  'image/gif': imageFile,
};

/** A JSON answer of `output`'s shape, its schema kept in the components as `schemaName`. */
function jsonOutput(book: SchemaBook, schemaName: string, output: z.ZodType, example?: unknown) {
  return {
    'application/json': {
      schema: ref('schemas', book.add(schemaName, book.convert(output, 'output'), 'Output')),
      ...(example !== undefined ? { example } : {}),
    },
  };
}

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const IDEMPOTENCY = 'idempotencyKey';

/**
 * The `Idempotency-Key` header, its example a UUID of its own per operation: a snippet copied
 * from the reference for one call never reuses the key shown for another (a key names one
 * operation; the same key on another request is refused with 422).
 */
function idempotencyKeyParameter(operationId: string) {
  const hex = createHash('sha256').update(`idempotency-key ${operationId}`).digest('hex');
  const example = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Any unique string (a UUID is a good choice), 8 to 255 characters, new for each operation you mean and the same on its retries. Kept at least 24 hours. The example is only an example: make a fresh one (e.g. `crypto.randomUUID()`).',
    schema: { type: 'string', minLength: 8, maxLength: 255 },
    example,
  };
}

export function buildOperation(route: RestRoute, book: SchemaBook) {
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
  if (idempotencySchema) parameters.push(idempotencyKeyParameter(route.operationId));
  if (route.dryRun) {
    parameters.push({
      name: 'dryRun',
      in: 'query',
      required: false,
      description: route.dryRun.description,
      schema: { type: 'string', enum: ['true', 'false'] },
      example: 'true',
    });
  }

  let requestBody: unknown;
  if (takesBody && rest) {
    const required =
      !isObject(rest.properties) || (Array.isArray(rest.required) && rest.required.length > 0);
    const exampleField = route.example !== undefined ? { example } : {};
    requestBody = {
      required,
      // A route that takes files is documented as the form it is; it takes the same fields as
      // JSON too (without files), said in its description. A route that takes a raw file
      // (a statement's PDF to verify) documents that type beside its JSON.
      content: route.multipart
        ? {
            'multipart/form-data': {
              schema: ref('schemas', book.add(`${name}Form`, formWithFiles(rest), 'Form')),
              ...exampleField,
            },
          }
        : {
            'application/json': {
              schema: ref('schemas', book.add(`${name}Request`, rest)),
              ...exampleField,
            },
            ...(route.rawBody
              ? {
                  [route.rawBody]: {
                    schema: { type: 'string', contentMediaType: route.rawBody },
                  },
                }
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
    content = route.fileTypes
      ? Object.fromEntries(
          route.fileTypes.map((type) => [
            type,
            { schema: { type: 'string', contentMediaType: type } },
          ]),
        )
      : storedFileContent;
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
    content = jsonOutput(book, `${name}Response`, route.output, route.answerExample);
  }

  const responses: Record<string, unknown> = {
    [String(route.successStatus)]: {
      description: route.successStatus === 201 ? 'Created' : 'OK',
      headers: successHeaders,
      content,
    },
  };
  if (route.dryRun) {
    responses['200'] = {
      description: 'The dry run’s verdict (`?dryRun=true`): the request would succeed now.',
      headers: { 'X-Request-Id': ref('headers', 'RequestId') },
      content: jsonOutput(book, `${name}DryRunResponse`, route.dryRun.output, {
        wouldSucceed: true,
      }),
    };
  }
  if (route.accepted) {
    responses['202'] = {
      description: 'Accepted: waiting for a second staff member',
      headers: { 'X-Request-Id': ref('headers', 'RequestId') },
      content: jsonOutput(book, `${name}Accepted`, route.accepted),
    };
  }
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
    route.appScope
      ? route.access === 'app'
        ? `**Scope:** \`${route.appScope}\`.`
        : `**Third-party apps:** with a token holding \`${route.appScope}\`.`
      : undefined,
    route.multipart
      ? 'Send `multipart/form-data` with the fields and up to five `attachments` parts; without files, the same fields as `application/json` are taken too.'
      : undefined,
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
    ...securityOf(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/**
 * Who may call: no one signs in on public routes; an app's own routes take only its OAuth token;
 * customer routes that name a scope take a session or an app's token holding the scope.
 */
function securityOf(route: RestRoute) {
  if (route.access === 'public' || route.access === 'development') return { security: [] };
  if (route.access === 'app') {
    return { security: [{ oauth2: route.appScope ? [route.appScope] : [] }] };
  }
  if (route.appScope) {
    return { security: [{ bearer: [] }, { cookie: [] }, { oauth2: [route.appScope] }] };
  }
  return {};
}

import { pathParameterNames, type RestRoute } from '@bank/api/rest/define';
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
};

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

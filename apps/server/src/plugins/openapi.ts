import type { RestRoute } from '@bank/api/rest/define';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest }: JsonSchema = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  });
  return rest;
}

const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    reason: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** The form fields plus up to five image files in repeated `attachments` parts. */
function withFiles(input: JsonSchema): JsonSchema {
  const properties =
    typeof input.properties === 'object' && input.properties !== null ? input.properties : {};
  return {
    ...input,
    properties: {
      ...properties,
      attachments: {
        type: 'array',
        maxItems: 5,
        description: 'PNG, JPEG or GIF (judged by content), each at most 10,000,000 bytes',
        items: { type: 'string', format: 'binary' },
      },
    },
  };
}

const binary = { schema: { type: 'string', format: 'binary' } };
const storedFileContent = { 'image/png': binary, 'image/jpeg': binary, 'image/gif': binary };

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** OpenAPI 3.1 from the same zod schemas the procedures validate with. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const input = jsonSchema(route.input, 'input');
    const properties =
      typeof input.properties === 'object' && input.properties !== null ? input.properties : {};
    const required = Array.isArray(input.required) ? input.required : [];
    const pathParams = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
    const parameters = [
      ...pathParams.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(route.method === 'GET'
        ? Object.entries(properties)
            .filter(([name]) => !pathParams.includes(name))
            .map(([name, schema]) => ({
              name,
              in: 'query',
              required: required.includes(name),
              schema,
            }))
        : []),
    ];
    const hasBody = route.method !== 'GET' && Object.keys(properties).length > 0;
    const key = openApiPath(route.path);
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      'x-access': route.access,
      ...(route.access === 'public' || route.access === 'development' ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(hasBody
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: input },
                ...(route.multipart ? { 'multipart/form-data': { schema: withFiles(input) } } : {}),
              },
            },
          }
        : {}),
      responses: {
        [String(route.successStatus)]: {
          description: 'Success',
          content:
            route.contentType === 'application/octet-stream'
              ? storedFileContent
              : { 'application/json': { schema: jsonSchema(route.output, 'output') } },
          ...(route.contentType === 'application/octet-stream'
            ? {
                headers: {
                  'Content-Disposition': { schema: { type: 'string' } },
                  'X-Content-Type-Options': { schema: { type: 'string', const: 'nosniff' } },
                },
              }
            : {}),
        },
        ...(route.path.includes(':')
          ? {
              '404': {
                description: 'Not found (or not yours)',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
              },
            }
          : {}),
        '400': {
          description: 'Validation error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        '401': {
          description: 'Not signed in or session expired',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        '403': {
          description: 'Not allowed',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        '429': {
          description: 'Too many requests',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Horizon Bank API',
      version: '1.0.0',
      description:
        'REST adapter over the same procedures the web app uses. Authenticate with the session cookie or `Authorization: Bearer <token>` from POST /auth/login. Money-moving calls accept an `Idempotency-Key` header.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
      schemas: { Error: errorSchema },
    },
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
  };
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A readable reference rendered on the server: no scripts, so the strict CSP holds. */
export function renderReferencePage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const json = JSON.stringify(operation, null, 2);
        const summary =
          typeof operation === 'object' && operation !== null && 'summary' in operation
            ? String(operation.summary)
            : '';
        return `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>/api/v1${escapeHtml(path)}</code></h2><p>${escapeHtml(summary)}</p><details><summary>Schemas</summary><pre>${escapeHtml(json)}</pre></details></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(document.info.title)} reference</title><style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a202c}
h1{font-size:1.6rem}h2{font-size:1.05rem;margin:0}section{border:1px solid #cbd5e0;border-radius:8px;padding:.8rem;margin:.8rem 0}
.m{display:inline-block;min-width:4rem;font-weight:700;color:#fff;border-radius:4px;padding:.1rem .4rem;text-align:center}
.get{background:#22543d}.post{background:#1a4971}.put{background:#744210}.delete{background:#822727}
pre{overflow:auto;background:#f7fafc;padding:.6rem;font-size:.8rem}code{font-size:.95rem}
</style></head><body><main><h1>${escapeHtml(document.info.title)} reference</h1><p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>${sections}</main></body></html>`;
}

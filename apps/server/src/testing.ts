import { createTestApp, type TestApp } from '@bank/api/testing/harness';
import { messages } from '@bank/validators/messages';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildServerOptions, buildServer } from './server.ts';

/**
 * A server over `deps` as the tests build it: quiet, not in production, without a built SPA;
 * `options` change any of that.
 */
export function buildTestServer(
  deps: BuildServerOptions['deps'],
  options: Partial<BuildServerOptions> = {},
): Promise<FastifyInstance> {
  return buildServer({
    deps,
    production: false,
    webDistDir: '/nonexistent',
    logLevel: 'silent',
    ...options,
  });
}

/**
 * The test file's own database and server (for `inject`), made at the top of the file and closed
 * after its tests: `const { app, server } = await createFileTestServer();`.
 */
export async function createFileTestServer(options: Partial<BuildServerOptions> = {}) {
  const app = await createTestApp();
  const server = await buildTestServer(app.deps, options);
  afterAll(async () => {
    await server.close();
    await app.close();
  });
  return { app, server, as: requestsAs(server) };
}

/**
 * A test file's own database and server (for `inject`), made before its tests and closed
 * after them. Read `app` and `server` inside tests, not at import time.
 */
export function useTestServer(options: Partial<BuildServerOptions> = {}) {
  let app: TestApp | undefined;
  let server: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    server = await buildTestServer(app.deps, options);
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });
  return {
    get app(): TestApp {
      if (!app) throw new Error('useTestServer: read app inside a test');
      return app;
    },
    get server(): FastifyInstance {
      if (!server) throw new Error('useTestServer: read server inside a test');
      return server;
    },
  };
}

/** Listens on a free local port, for tests that need a real socket: the port. */
export async function listenOnFreePort(server: FastifyInstance): Promise<number> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

/** A test server listening on a free local port, for clients that speak real HTTP. */
export function useListeningServer(options: Partial<BuildServerOptions> = {}) {
  const started = useTestServer(options);
  let origin: string | undefined;
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await listenOnFreePort(started.server)}`;
  });
  return {
    get app(): TestApp {
      return started.app;
    },
    get origin(): string {
      if (!origin) throw new Error('useListeningServer: read origin inside a test');
      return origin;
    },
  };
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `$ref` of an OpenAPI document (once; enough for the tests' look-ups). */
export function resolveRef(document: Json, value: unknown): Json {
  if (!isJson(value)) return {};
  if (typeof value.$ref !== 'string') return value;
  const found = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (isJson(node) ? node[key] : undefined), document);
  return isJson(found) ? found : {};
}

/** The request body schema of one operation, its named schema resolved. */
export function requestBodySchema(
  document: Json,
  path: string,
  method: string,
  media = 'application/json',
): Json {
  const paths = isJson(document.paths) ? document.paths : {};
  const item = isJson(paths[path]) ? paths[path] : {};
  const operation = isJson(item[method]) ? item[method] : {};
  const body = isJson(operation.requestBody) ? operation.requestBody : {};
  const content = isJson(body.content) ? body.content : {};
  const entry = isJson(content[media]) ? content[media] : {};
  return resolveRef(document, entry.schema);
}

/** The 400 answer's body when one field is refused: the field and the validator's words. */
export const fieldRefused = (field: string, message: string) => ({
  code: 'VALIDATION_ERROR',
  message: messages.validation,
  details: [{ field, message }],
});

/** The body of a refusal that names its code again as `reason` (a rule, maintenance, a limit). */
export const ruleRefused = (code: string, message: string) => ({ code, message, reason: code });

/** A JSON request's headers, signed in as `token`'s holder when given. */
export const jsonHeaders = (token?: string) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'content-type': 'application/json',
});

/** Only the Authorization header of `token`'s holder, when given (no content type). */
export const bearerHeaders = (token?: string): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/**
 * Requests to `server` with `headers` (JSON by default), signed in as `token`'s holder when
 * given, `extra` headers after them: `await as(alice.token).post('/api/v1/payees', body)`.
 */
export function requestsAs(
  server: FastifyInstance,
  headers: (token?: string) => Record<string, string> = jsonHeaders,
) {
  return (token?: string, extra: Record<string, string> = {}) => {
    const send = (
      method: InjectOptions['method'],
      url: string,
      payload?: InjectOptions['payload'],
    ) =>
      server.inject({
        method,
        url,
        headers: { ...headers(token), ...extra },
        ...(payload === undefined ? {} : { payload }),
      });
    return {
      get: (url: string) => send('GET', url),
      post: (url: string, payload?: InjectOptions['payload']) => send('POST', url, payload),
      put: (url: string, payload?: InjectOptions['payload']) => send('PUT', url, payload),
      patch: (url: string, payload?: InjectOptions['payload']) => send('PATCH', url, payload),
      delete: (url: string, payload?: InjectOptions['payload']) => send('DELETE', url, payload),
    };
  };
}

export interface FilePart {
  name?: string;
  fileName: string;
  type: string;
  body: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----bank${crypto.randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'attachments'}"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data POST as `token`'s holder, as the ticket and chat forms send theirs. */
export function postMultipart(
  server: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const form = multipart(fields, files);
  return server.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
}

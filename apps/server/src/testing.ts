import { createTestApp, type TestApp } from '@bank/api/testing/harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildServerOptions, buildServer } from './server.ts';

/**
 * A test file's own database and server (for `inject`), made before its tests and closed
 * after them. Read `app` and `server` inside tests, not at import time.
 */
export function useTestServer(options: Partial<BuildServerOptions> = {}) {
  let app: TestApp | undefined;
  let server: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    server = await buildServer({
      deps: app.deps,
      production: false,
      webDistDir: '/nonexistent',
      logLevel: 'silent',
      ...options,
    });
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

/** A JSON request's headers, signed in as `token`'s holder when given. */
export const jsonHeaders = (token?: string) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'content-type': 'application/json',
});

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

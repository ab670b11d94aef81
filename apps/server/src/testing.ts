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

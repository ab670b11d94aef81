import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '@bank/api/testing/harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './server.ts';

let app: TestApp;
let server: FastifyInstance;
const dist = mkdtempSync(join(tmpdir(), 'bank-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Horizon Bank</title>');
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  app = await createTestApp();
  server = await buildServer({
    deps: app.deps,
    production: false,
    webDistDir: dist,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('the built SPA', () => {
  it('answers index.html at the root', async () => {
    const root = await server.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Horizon Bank</title>');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html for client routes, with the security headers', async () => {
    const page = await server.inject({ method: 'GET', url: '/transactions/123?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Horizon Bank</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves hashed assets as immutable, including ones built after start', async () => {
    const asset = await server.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await server.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });

  it('answers 404 JSON for a missing file and for unknown API paths', async () => {
    expect((await server.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
    const api = await server.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });
});

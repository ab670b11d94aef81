import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, useTeardown } from './testing-child.ts';
import { type FaultProxy, startFaultProxy } from './testing-proxy.ts';

/**
 * The built server on PostgreSQL and Redis, each reached through a relay the test cuts: an
 * unavailable dependency answers 503 SERVICE_UNAVAILABLE with Retry-After (REST and tRPC),
 * /readyz says which, /healthz stays 200, and all is well again once it is back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    // The next look soon after: the server's recovery is the event waited for.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not after ${ms} ms`);
}

async function expectUnavailable(response: Response) {
  const text = await response.text();
  expect(response.status, text).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  return JSON.parse(text);
}

describe.runIf(Boolean(serverUrl && redisUrl))('outages of PostgreSQL and Redis', () => {
  const teardown = useTeardown();
  let server: ChildServer;
  let database: FaultProxy;
  let redis: FaultProxy;
  const admin = {
    email: `admin-${randomBytes(4).toString('hex')}@outage.bank`,
    password: 'Outage#Admin2026',
  };
  let token = '';

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(15_000),
    });
  const login = () => api('/api/v1/auth/login', { method: 'POST', body: JSON.stringify(admin) });

  beforeAll(async () => {
    const fresh = await teardown.freshDatabase(serverUrl ?? '');
    database = await startFaultProxy(fresh.url);
    teardown.later(database.close);
    redis = await startFaultProxy(redisUrl ?? '');
    teardown.later(redis.close);
    server = await teardown.startServer({
      PATH: process.env.PATH ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-outage-')),
      DATABASE_URL: database.through(fresh.url),
      REDIS_URL: redis.through(redisUrl ?? ''),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await server.healthy(75_000);
    const answer = await login();
    const body: unknown = await answer.json();
    token =
      typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
        ? body.token
        : '';
    expect(token).not.toBe('');
  }, 100_000);

  it('answers 503 with Retry-After while the database is down, and serves again after', async () => {
    await database.cut();
    const rest = await expectUnavailable(await api('/api/v1/users?page=1'));
    expect(rest).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      reason: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
    const trpc = await expectUnavailable(await api('/trpc/auth.me'));
    expect(trpc.error).toMatchObject({
      message: 'The service is temporarily unavailable. Please try again shortly.',
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
    });
    const ready = await expectUnavailable(await api('/readyz'));
    expect(ready).toMatchObject({
      reason: 'SERVICE_UNAVAILABLE',
      details: { checks: { redis: 'ok' } },
    });
    expect(ready.details.checks.database).not.toBe('ok');
    expect((await api('/healthz')).status).toBe(200);

    await database.restore();
    await until(
      '/readyz after the database came back',
      30_000,
      async () => (await api('/readyz')).ok,
    );
    expect((await api('/api/v1/users?page=1')).status).toBe(200);
  }, 60_000);

  it('answers 503 with Retry-After while Redis is down (sign-in fails closed), and serves again after', async () => {
    await redis.cut();
    const rest = await expectUnavailable(await login());
    expect(rest).toMatchObject({ reason: 'SERVICE_UNAVAILABLE' });
    const trpc = await expectUnavailable(
      await api('/trpc/auth.login', { method: 'POST', body: JSON.stringify(admin) }),
    );
    expect(trpc.error).toMatchObject({ data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
    const ready = await expectUnavailable(await api('/readyz'));
    expect(ready.details.checks).toMatchObject({ database: 'ok' });
    expect(ready.details.checks.redis).not.toBe('ok');

    await redis.restore();
    await until('sign-in after Redis came back', 30_000, async () => (await login()).ok);
    expect((await api('/readyz')).status).toBe(200);
  }, 60_000);
});

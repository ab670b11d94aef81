import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startChildServer, useTeardown } from './testing-child.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'bank-main-'));

describe('start', () => {
  it('stops with a message naming the bad variable', async () => {
    const server = startChildServer(0, {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      PORT: 'eighty',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('migrates, serves, and on SIGTERM finishes and exits cleanly', async () => {
    const server = startChildServer(await freePort(), {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'info',
    });
    // A fresh folder: initdb runs first (in a child process), slow on a busy machine.
    await server.healthy(75_000);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing in-flight requests');
  }, 100_000);
});

// The configuration the README recommends for several instances, and Docker's: the bundle
// once exited at start with REDIS_URL set ('Redis is not a constructor').
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(Boolean(serverUrl && redisUrl))('start on PostgreSQL with Redis', () => {
  const teardown = useTeardown();

  it('answers /healthz, /readyz (database and Redis) and a sign-in, and stops on SIGTERM', async () => {
    const database = await teardown.freshDatabase(serverUrl ?? '');
    const admin = {
      email: `admin-${randomBytes(4).toString('hex')}@start.bank`,
      password: 'Start#Admin2026',
    };
    const server = await teardown.startServer({
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir(),
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl ?? '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await server.healthy(75_000);

    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok' },
    });

    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const body: unknown = await login.json();
    // Greeted by the dashboard as 'Welcome, Administrator'.
    expect(body).toMatchObject({
      user: { email: admin.email, firstName: 'Administrator' },
      token: expect.any(String),
    });

    await server.stop('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 100_000);
});

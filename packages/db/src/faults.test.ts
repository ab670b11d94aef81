import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import type { DbHandle } from './handle.ts';

/**
 * What a request may fail with while backends die (helper code maps them to 503): the socket's
 * end or reset, the server's termination (57P01) or start-up (57P03), a refused or slow
 * connect, a query cancelled at its deadline (57014) or dropped with a stuck pool.
 */
const knownFailures = [
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P03',
  '57014',
];

// Fault tests against the machine's PostgreSQL: backends are terminated, the server stays up.
const serverUrl = process.env.TEST_DATABASE_URL;

/** What a request that failed surfaces: postgres.js' code (or the server's SQLSTATE). */
function errorCode(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  return cause instanceof Error ? cause.message : String(cause);
}

describe.runIf(Boolean(serverUrl))('database work after every backend is killed', () => {
  const name = `test_faults_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
  let handle: DbHandle;

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    handle = await createDb({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 10,
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 2_000,
      idleInTransactionTimeoutMs: 2_000,
    });
    await handle.migrate();
  });

  afterAll(async () => {
    await handle?.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  /** Terminates every backend of the test's database (the pool's, and LISTEN's when open). */
  async function killBackends(): Promise<number> {
    const rows = await admin<{ killed: boolean }[]>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`;
    return rows.filter((row) => row.killed).length;
  }

  it('answers every parallel read (rows or an error) while all backends are killed again and again', async () => {
    const total = 600;
    const settled: ('ok' | string)[] = [];
    let pending = 0;
    const read = (n: number) => {
      pending += 1;
      return handle.db
        .execute(sql`select pg_sleep(0.005), ${n}::int as n`)
        .then(
          () => settled.push('ok'),
          (error: unknown) => settled.push(errorCode(error)),
        )
        .finally(() => {
          pending -= 1;
        });
    };
    const work: Promise<unknown>[] = [];
    let killed = 0;
    // Waves of reads; between waves every backend is terminated while reads are in flight.
    for (let wave = 0; wave < 6; wave += 1) {
      for (let n = 0; n < total / 6; n += 1) work.push(read(n));
      killed += await killBackends();
      // Wait for part of the wave to settle before the next kill (no fixed sleeps).
      const target = settled.length + 20;
      await waitFor(() => settled.length >= Math.min(target, work.length), 20_000);
    }
    // The bound: every request has an answer well within connect + statement time-outs.
    await waitFor(() => pending === 0, 20_000);
    expect(killed).toBeGreaterThan(0);
    expect(settled).toHaveLength(total);
    const failures = settled.filter((outcome) => outcome !== 'ok');
    // Known shapes only: the connection's end, the server's termination, a refused connect.
    for (const code of new Set(failures)) {
      expect(knownFailures).toContain(code);
    }
    // After the storm, the pool serves again (a read may still meet a connection the last kill
    // ended: it gets its error at once, and the next read a fresh connection).
    let served: unknown;
    await waitForAsync(async () => {
      served = await handle.db.execute(sql`select 1 as one`).catch(() => undefined);
      return served !== undefined;
    }, 20_000);
    expect(served).toEqual([{ one: 1 }]);
  });
});

async function waitFor(condition: () => boolean, deadlineMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function waitForAsync(condition: () => Promise<boolean>, deadlineMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

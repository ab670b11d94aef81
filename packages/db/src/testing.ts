import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { testDatabaseUrl } from '@bank/config';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createDb } from './client.ts';
import type { DbHandle } from './handle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database's data directory (testing-image.ts). */
    pgliteImage: string | undefined;
  }
}

/**
 * A test's database. On PostgreSQL a test may set the client's bounds (connecting, a statement)
 * below the server's defaults: a fault test then waits out a stuck connection in seconds.
 */
export interface TestDbOptions {
  poolerUrl?: string;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/**
 * A migrated database of its own for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 * `poolerUrl`: the pool goes through that transaction pooler (in front of the same server),
 * the session-bound work straight to the server.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<DbHandle> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    // From the migrated image the run's global setup made (testing-image.ts), when there is one.
    const imagePath = inject('pgliteImage');
    const image = imagePath ? new Blob([await readFile(imagePath)]) : undefined;
    const handle = await createDb({ kind: 'pglite', image });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let poolUrl = url.toString();
  if (options.poolerUrl) {
    const pooled = new URL(options.poolerUrl);
    pooled.pathname = `/${name}`;
    poolUrl = pooled.toString();
  }
  const handle = await createDb({
    kind: 'postgres',
    url: poolUrl,
    directUrl: options.poolerUrl ? url.toString() : undefined,
    poolSize: 20,
    connectTimeoutMs: options.connectTimeoutMs,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTeardown } from './testing-child.ts';

// Several instances behind a load balancer start together on one database (docs/architecture.md 2).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(serverUrl))('instances starting together on PostgreSQL', () => {
  const teardown = useTeardown();

  it('two servers started at once on one fresh database both migrate and answer /healthz', async () => {
    const database = await teardown.freshDatabase(serverUrl ?? '');
    const dataDir = mkdtempSync(join(tmpdir(), 'bank-instances-'));
    teardown.later(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // Every instance shares one key, as production requires.
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    const children = [await teardown.startServer(env), await teardown.startServer(env)];

    const started = await Promise.allSettled(children.map((child) => child.healthy(75_000)));
    const failures = started.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    for (const child of children) {
      const response = await fetch(`${child.baseUrl}/healthz`);
      expect(response.status).toBe(200);
    }
    await Promise.all(children.map((child) => child.stop('SIGTERM')));
    expect(await Promise.all(children.map((child) => child.exited))).toEqual([0, 0]);
  }, 90_000);
});

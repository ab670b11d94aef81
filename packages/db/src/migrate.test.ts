import { randomBytes } from 'node:crypto';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { migrationsFolder } from './handle.ts';

/** drizzle wraps the server's error as `cause`: show both. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message.split('\n')[0]}${cause}`;
}

// Instances starting together on one fresh PostgreSQL database migrate at the same moment.
const serverUrl = process.env.TEST_DATABASE_URL;

/** One connection to `url` for `use`, closed whatever happens. */
async function withConnection<T>(url: string, use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}

describe.runIf(Boolean(serverUrl))('migrations on PostgreSQL', () => {
  const created: string[] = [];
  const asAdmin = (use: (sql: postgres.Sql) => Promise<unknown>) =>
    withConnection(serverUrl ?? '', use);

  async function freshDatabase(): Promise<string> {
    const name = `test_migrate_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await asAdmin((sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    created.push(name);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(() =>
    asAdmin(async (sql) => {
      for (const name of created) {
        await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    }),
  );

  it('two instances migrating one fresh database at once both succeed and apply each migration once', async () => {
    const expected = readMigrationFiles({ migrationsFolder }).length;
    for (let round = 0; round < 4; round += 1) {
      const url = await freshDatabase();
      const first = await createDb({ kind: 'postgres', url, poolSize: 2 });
      const second = await createDb({ kind: 'postgres', url, poolSize: 2 });
      try {
        const outcomes = await Promise.allSettled([first.migrate(), second.migrate()]);
        const failures = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [describeError(outcome.reason)] : [],
        );
        expect(failures, `round ${round}`).toEqual([]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }

      await withConnection(url, async (sql) => {
        const applied = await sql<
          { hash: string }[]
        >`select hash from drizzle.__drizzle_migrations`;
        expect(applied).toHaveLength(expected);
        expect(new Set(applied.map((row) => row.hash)).size).toBe(expected);
        const [accounts] = await sql<{ count: number }[]>`
          select count(*)::int as count from information_schema.tables
          where table_schema = 'public' and table_name = 'accounts'`;
        expect(accounts?.count).toBe(1);
      });
    }
  }, 120_000);

  it('a second migrate on a migrated database applies nothing', async () => {
    const url = await freshDatabase();
    const handle = await createDb({ kind: 'postgres', url, poolSize: 1 });
    try {
      await handle.migrate();
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await withConnection(url, async (sql) => {
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(row?.count).toBe(readMigrationFiles({ migrationsFolder }).length);
    });
  }, 60_000);

  it('a start on an up-to-date database needs no lock, so it does not wait for one', async () => {
    const url = await freshDatabase();
    const handle = await createDb({ kind: 'postgres', url, poolSize: 1 });
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await handle.migrate();
      // Another instance migrating holds the lock (the key is the one client.ts uses).
      const connection = await holder.reserve();
      try {
        await connection`select pg_advisory_lock(4242170512093371023::bigint)`;
        const outcome = await Promise.race([
          handle.migrate().then(() => 'migrated'),
          new Promise((resolve) => setTimeout(() => resolve('waited for the lock'), 5_000)),
        ]);
        expect(outcome).toBe('migrated');
      } finally {
        connection.release();
      }
    } finally {
      await holder.end({ timeout: 5 });
      await handle.close();
    }
  }, 60_000);
});

import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What services take: the database or a transaction already open on it. */
export type Executor = Database | Transaction;

export type DbOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dir?: string };

export interface DbHandle {
  kind: DbOptions['kind'];
  db: Database;
  /** LISTEN on a channel; NOTIFY is delivered on commit, to every instance. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * drizzle asks postgres.js for an unnamed statement unless a query is given a name, and
 * postgres.js answers an unnamed statement with parameters in two round trips (describe, then
 * bind). Statements prepared per connection, postgres.js' own default, take one after the
 * first time (docs/decisions/012); the connections' bounded lifetime bounds the cache.
 */
function preparedStatements<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: object) =>
          value.call(target, query, parameters, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        // The transaction's own client prepares too.
        return (...args: unknown[]) =>
          value.apply(
            target,
            args.map((arg) =>
              typeof arg === 'function'
                ? (transaction: object) => arg(preparedStatements(transaction))
                : arg,
            ),
          );
      }
      return value;
    },
  });
}

/** Any fixed bigint, the same in every instance: the key of the migrations' advisory lock. */
const migrationLockKey = '4242170512093371023';

/**
 * Instances starting together on one database would race drizzle's migrator (each creates its
 * schema and table `IF NOT EXISTS`, reads the last migration, then applies the rest), so one
 * fails on a duplicate catalog row or an existing relation. A session advisory lock on a
 * connection of its own queues them; the second then finds everything applied. The lock's
 * connection is not taken from the pool, which may hold a single connection the migrator needs.
 * PGlite needs none of this: one process owns its directory.
 */
async function migrateUnderLock(
  url: string,
  db: PostgresJsDatabase<Schema>,
  sql: postgres.Sql<{ bigint: bigint }>,
): Promise<void> {
  if (await allApplied(sql)) return;
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const connection = await lockClient.reserve();
    try {
      await connection`select pg_advisory_lock(${migrationLockKey}::bigint)`;
      try {
        await migratePostgres(db, { migrationsFolder });
      } finally {
        await connection`select pg_advisory_unlock(${migrationLockKey}::bigint)`;
      }
    } finally {
      connection.release();
    }
  } finally {
    // Ending the session releases the lock too, should the unlock itself have failed.
    await lockClient.end({ timeout: 5 });
  }
}

/**
 * Whether the newest migration here is recorded already, as drizzle's migrator judges it (the
 * last `created_at` against the newest folder's time). Most starts find so and then need
 * neither the lock's connection nor the migrator's statements (~0.3 s of a start under load).
 * A database without the table answers an error: not applied, so the locked path decides.
 */
async function allApplied(sql: postgres.Sql<{ bigint: bigint }>): Promise<boolean> {
  const newest = readMigrationFiles({ migrationsFolder }).at(-1);
  if (!newest) return true;
  try {
    const [last] = await sql<{ createdAt: bigint }[]>`
      select created_at as "createdAt" from drizzle.__drizzle_migrations
      order by created_at desc limit 1`;
    return last !== undefined && Number(last.createdAt) >= newest.folderMillis;
  } catch {
    return false;
  }
}

/**
 * The database the options name. The embedded one's code (PGlite and its driver, ~13 MB and
 * ~0.25 s to load) is imported only when it is used, so a server on PostgreSQL never loads it.
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'postgres') {
    // Amounts are bigint cents: keep int8 exact instead of postgres.js' default string.
    const sql = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      types: { bigint: postgres.BigInt },
    });
    const db = drizzlePostgres(preparedStatements(sql), { schema, casing: 'snake_case' });
    return {
      kind: 'postgres',
      db,
      async listen(channel, onPayload) {
        const { unlisten } = await sql.listen(channel, onPayload);
        return unlisten;
      },
      migrate: () => migrateUnderLock(options.url, db, sql),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const { createEmbeddedDb } = await import('./embedded.ts');
  return createEmbeddedDb(options.dir);
}

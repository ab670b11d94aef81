import { fileURLToPath } from 'node:url';
import { databaseTimeoutDefaults, type PostgresOptions } from '@bank/config';
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
  | (Omit<PostgresOptions, 'poolSize'> & { poolSize?: number })
  | { kind: 'pglite'; dir?: string };

export interface DbHandle {
  kind: DbOptions['kind'];
  db: Database;
  /**
   * LISTEN on a channel; NOTIFY is delivered on commit, to every instance. `onListen` runs each
   * time the LISTEN is in place: at first and again after its connection came back (anything
   * NOTIFYed in between was not heard).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
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
 * fails on a duplicate catalog row or an existing relation. A session advisory lock queues them;
 * the second then finds everything applied. Lock and migrator use a client of their own, on the
 * direct URL when there is one (a transaction pooler keeps no session lock), with no statement
 * time-out: waiting for another instance's migrations, or a long one, is not a hung request.
 * PGlite needs none of this: one process owns its directory.
 */
async function migrateUnderLock(
  url: string,
  sql: postgres.Sql<{ bigint: bigint }>,
  connectTimeoutMs: number,
): Promise<void> {
  if (await allApplied(sql)) return;
  // Two connections: one holds the lock's session, the other runs the migrator.
  const client = postgres(url, {
    max: 2,
    onnotice: () => {},
    connect_timeout: connectTimeoutMs / 1000,
    connection: { statement_timeout: 0, idle_in_transaction_session_timeout: 0 },
  });
  try {
    const connection = await client.reserve();
    try {
      await connection`select pg_advisory_lock(${migrationLockKey}::bigint)`;
      try {
        await migratePostgres(drizzlePostgres(client, { schema, casing: 'snake_case' }), {
          migrationsFolder,
        });
      } finally {
        await connection`select pg_advisory_unlock(${migrationLockKey}::bigint)`;
      }
    } finally {
      connection.release();
    }
  } finally {
    // Ending the session releases the lock too, should the unlock itself have failed.
    await client.end({ timeout: 5 });
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
 * How long a closed connection waits before connecting again (seconds; postgres.js' own grows
 * to 20 s, so LISTEN came back long after the pool): at most a second, with jitter.
 */
function reconnectDelay(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);
}

/**
 * The database the options name. The embedded one's code (PGlite and its driver, ~13 MB and
 * ~0.25 s to load) is imported only when it is used, so a server on PostgreSQL never loads it.
 *
 * With `directUrl` set, `url` may be a transaction pooler (PgBouncer): the pool then prepares
 * no named statements and sends no session settings (the pooler would refuse them or hand the
 * statement to another session), and LISTEN and migrations go to `directUrl` (decision 026).
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'postgres') {
    const connectTimeoutMs = options.connectTimeoutMs ?? databaseTimeoutDefaults.connectTimeoutMs;
    const pooler = options.directUrl !== undefined;
    // Server-side bounds: a statement is cancelled, a session idle inside a transaction ended.
    const sessionSettings = {
      statement_timeout:
        options.statementTimeoutMs ?? databaseTimeoutDefaults.statementTimeoutMs,
      idle_in_transaction_session_timeout:
        options.idleInTransactionTimeoutMs ?? databaseTimeoutDefaults.idleInTransactionTimeoutMs,
    };
    const common = {
      onnotice: () => {},
      connect_timeout: connectTimeoutMs / 1000,
      // A connection whose peer vanished without a word is found out in seconds, not hours.
      keep_alive: 10,
      backoff: reconnectDelay,
    };
    // Amounts are bigint cents: keep int8 exact instead of postgres.js' default string.
    const sql = postgres(options.url, {
      ...common,
      max: options.poolSize ?? 10,
      types: { bigint: postgres.BigInt },
      prepare: !pooler,
      connection: pooler ? {} : sessionSettings,
    });
    const db = drizzlePostgres(pooler ? sql : preparedStatements(sql), {
      schema,
      casing: 'snake_case',
    });
    const sessionUrl = options.directUrl ?? options.url;
    // LISTEN needs a session of its own; postgres.js opens it (and reopens it) on first use.
    const listener = postgres(sessionUrl, { ...common, max: 1, connection: sessionSettings });
    return {
      kind: 'postgres',
      db,
      async listen(channel, onPayload, onListen) {
        const { unlisten } = await listener.listen(channel, onPayload, onListen);
        return unlisten;
      },
      migrate: () => migrateUnderLock(sessionUrl, sql, connectTimeoutMs),
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), listener.end({ timeout: 5 })]);
      },
    };
  }
  const { createEmbeddedDb } = await import('./embedded.ts');
  return createEmbeddedDb(options.dir);
}

import { databaseTimeoutDefaults } from '@bank/config';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { Deadlines } from './deadlines.ts';
import { type DbHandle, type DbOptions, migrationsFolder } from './handle.ts';
import * as schema from './schema/index.ts';

type Pool = postgres.Sql<{ bigint: bigint }>;

/**
 * drizzle asks postgres.js for an unnamed statement unless a query is given a name, and
 * postgres.js answers an unnamed statement with parameters in two round trips (describe, then
 * bind). Statements prepared per connection, postgres.js' own default, take one after the
 * first time (docs/decisions/012); the connections' bounded lifetime bounds the cache. Not
 * through a transaction pooler: the next statement may run in another session (SQLSTATE 26000).
 *
 * And every query gets a deadline (`boundMs`) past the server's own bounds. After a restart a
 * query could be handed to a connection that never sent it (the server idle, the caller waiting
 * for ever, and every later query pipelined behind it). A query still queued at its deadline is
 * cancelled (its caller gets 57014); one handed to a connection calls `onStuck` (deadlines.ts).
 */
function boundedQueries<T extends object>(
  client: () => T,
  options: { prepare: boolean; boundMs: number; onStuck: () => boolean; deadlines: Deadlines },
): T {
  // The target is only a stand-in: every property is read from the pool of the moment.
  return new Proxy(client(), {
    get(_target, property) {
      const target = client();
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], queryOptions?: object) => {
          const pending: unknown = value.call(
            target,
            query,
            parameters,
            options.prepare ? { ...queryOptions, prepare: true } : queryOptions,
          );
          if (options.boundMs > 0) {
            options.deadlines.watch(pending, options.boundMs, options.onStuck);
          }
          return pending;
        };
      }
      if (property === 'begin' || property === 'savepoint') {
        // The transaction's own client prepares and is bounded too.
        return (...args: unknown[]) =>
          value.apply(
            target,
            args.map((arg) =>
              typeof arg === 'function'
                ? (transaction: object) => arg(boundedQueries(() => transaction, options))
                : arg,
            ),
          );
      }
      return value.bind(target);
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
 * How long a pool's connections live (seconds): between half the configured lifetime and all of
 * it, so the instances' pools do not all replace their connections at the same moment.
 */
export function connectionLifetime(
  lifetimeMs: number = databaseTimeoutDefaults.connectionLifetimeMs,
  random = Math.random,
): number {
  return (lifetimeMs / 1000) * (0.5 + random() / 2);
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
      statement_timeout: options.statementTimeoutMs ?? databaseTimeoutDefaults.statementTimeoutMs,
      idle_in_transaction_session_timeout:
        options.idleInTransactionTimeoutMs ?? databaseTimeoutDefaults.idleInTransactionTimeoutMs,
    };
    const common = {
      onnotice: () => {},
      connect_timeout: connectTimeoutMs / 1000,
      // A connection whose peer vanished without a word is found out in seconds, not hours.
      keep_alive: 10,
      backoff: reconnectDelay,
      // Drawn per pool (postgres.js types take a number): its connections open at other times.
      max_lifetime: connectionLifetime(options.connectionLifetimeMs),
      // postgres.js reads the array types on every new connection from a promise nobody awaits:
      // a backend terminated during that read became an unhandled rejection (a crash in Node 20).
      // We send and read no array parameters (db-rows.ts passes lists as jsonb), so skip it.
      fetch_types: false,
    };
    // Amounts are bigint cents: keep int8 exact instead of postgres.js' default string.
    const openPool = (): Pool =>
      postgres(options.url, {
        ...common,
        max: options.poolSize ?? 10,
        types: { bigint: postgres.BigInt },
        prepare: !pooler,
        connection: pooler ? {} : sessionSettings,
      });
    let sql = openPool();
    // Past the server's own bounds (connecting, then the statement), the client gives up too.
    const boundMs =
      sessionSettings.statement_timeout > 0
        ? connectTimeoutMs + sessionSettings.statement_timeout + 1_000
        : 0;
    /**
     * A query stuck on a connection: the pool is replaced by a fresh one (with the parsers
     * drizzle set), and the old one ends; what it still holds a second later fails
     * (CONNECTION_DESTROYED). The queries stuck together replace it once; one stuck in the
     * fresh pool within the bound is turned down (false) and asks again a bound later.
     */
    let replacedAt = Number.NEGATIVE_INFINITY;
    const replacePool = (): boolean => {
      if (performance.now() - replacedAt < boundMs) return false;
      replacedAt = performance.now();
      const old = sql;
      sql = openPool();
      Object.assign(sql.options.parsers, old.options.parsers);
      Object.assign(sql.options.serializers, old.options.serializers);
      old.end({ timeout: 1 }).catch(() => {});
      return true;
    };
    const db = drizzlePostgres(
      boundedQueries(() => sql, {
        prepare: !pooler,
        boundMs,
        onStuck: replacePool,
        deadlines: new Deadlines(),
      }),
      { schema, casing: 'snake_case' },
    );
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
  const { createEmbeddedDb, createEmbeddedDbFrom } = await import('./embedded.ts');
  return options.image ? createEmbeddedDbFrom(options.image) : createEmbeddedDb(options.dir);
}

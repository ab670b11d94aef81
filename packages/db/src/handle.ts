// The database's types and where its migrations are: what both drivers' modules share
// (client.ts loads embedded.ts only when the embedded database is asked for).
import { fileURLToPath } from 'node:url';
import type { PostgresOptions } from '@bank/config';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

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
  | {
      kind: 'pglite';
      dir?: string;
      /** In memory only: start from this data directory (PGlite's `dumpDataDir`), not initdb. */
      image?: Blob;
    };

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

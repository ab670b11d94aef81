/**
 * The embedded database: PGlite in a folder (or in memory for tests). client.ts imports this
 * module only when the embedded database is asked for.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { initialiseEmbeddedFolder } from './embedded-init.ts';
import { type DbHandle, migrationsFolder } from './handle.ts';
import * as schema from './schema/index.ts';

/**
 * The embedded database sized for a bank of thousands of customers, not for a server's worth
 * of RAM: PostgreSQL's defaults (128 MB of shared buffers) made the process weigh ~300 MB idle.
 * The WebAssembly heap starts at PGlite's minimum (128 MB, its `initialMemory` default; less
 * fails to instantiate) and grows only when a query needs it.
 */
export const embeddedStartParams = [
  ...PGlite.defaultStartParams,
  ...[
    'shared_buffers=16MB',
    'temp_buffers=2MB',
    'wal_buffers=1MB',
    'work_mem=2MB',
    'maintenance_work_mem=16MB',
  ].flatMap((setting) => ['-c', setting]),
];

/** PGlite in `dir`, initialised first by a child process when the folder is new. */
export async function createEmbeddedDb(
  dir: string | undefined,
): Promise<DbHandle & { dump(): Promise<Blob> }> {
  if (dir) {
    await initialiseEmbeddedFolder({ dir, startParams: embeddedStartParams, migrationsFolder });
    mkdirSync(dir, { recursive: true });
  }
  return handleOf(new PGlite(dir, { startParams: embeddedStartParams }));
}

/** PGlite in memory, started from a data directory `migratedImage` made (no initdb). */
export async function createEmbeddedDbFrom(image: Blob): Promise<DbHandle> {
  return handleOf(
    new PGlite('memory://', { startParams: embeddedStartParams, loadDataDir: image }),
  );
}

/**
 * A migrated, empty database's data directory, in memory. initdb is most of the ~2 s a new
 * embedded database takes; one started from this image takes ~0.25 s (the tests' databases).
 */
export async function migratedImage(): Promise<Blob> {
  const handle = await createEmbeddedDb(undefined);
  await handle.migrate();
  const image = await handle.dump();
  await handle.close();
  return image;
}

function handleOf(client: PGlite): DbHandle & { dump(): Promise<Blob> } {
  const db = drizzle(client, { schema, casing: 'snake_case' });
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload, onListen) {
      const unlisten = await client.listen(channel, onPayload);
      // In-process: the LISTEN is in place once and never lost.
      onListen?.();
      return unlisten;
    },
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
    async dump() {
      // Every page on disk first, so the image is the database as it stands.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
}

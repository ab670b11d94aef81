import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { embeddedStartParams } from './embedded.ts';
import { initialiseEmbeddedFolder } from './embedded-init.ts';
import { migrationsFolder } from './handle.ts';

const freshParent = () => mkdtempSync(join(tmpdir(), 'bank-embedded-init-'));

/** A migrations folder whose only migration fails, as drizzle-kit lays one out. */
function brokenMigrations(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bank-broken-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const entry = {
    idx: 0,
    version: '7',
    when: 1_700_000_000_000,
    tag: '0000_broken',
    breakpoints: true,
  };
  writeFileSync(
    join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  writeFileSync(join(folder, '0000_broken.sql'), 'select * from no_such_table;');
  return folder;
}

// Each first start runs initdb in a child process: seconds, more on a busy machine.
describe('the embedded database on a fresh folder', { timeout: 120_000 }, () => {
  it('is initialised and migrated by a child process, then opened; a restart reuses it', async () => {
    const dir = join(freshParent(), 'pglite');
    // An empty folder made beforehand counts as fresh.
    mkdirSync(dir);
    expect(
      await initialiseEmbeddedFolder({ dir, startParams: embeddedStartParams, migrationsFolder }),
    ).toBe('initialised');
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.initialising`)).toBe(false);

    const first = await createDb({ kind: 'pglite', dir });
    const [applied] = await first.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`drizzle.__drizzle_migrations`);
    expect(applied?.n).toBe(readMigrationFiles({ migrationsFolder }).length);
    await first.migrate();
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();

    expect(
      await initialiseEmbeddedFolder({ dir, startParams: embeddedStartParams, migrationsFolder }),
    ).toBe('exists');
    const second = await createDb({ kind: 'pglite', dir });
    const kept = await second.db.select({ note: sql<string>`note` }).from(sql`kept`);
    expect(kept).toEqual([{ note: 'still here' }]);
    await second.close();
  });

  it('a failure in the child is a clear error and leaves no half-made database', async () => {
    const parent = freshParent();
    const dir = join(parent, 'pglite');
    const failure = initialiseEmbeddedFolder({
      dir,
      startParams: embeddedStartParams,
      migrationsFolder: brokenMigrations(),
    });
    await expect(failure).rejects.toThrow(
      `The embedded database in ${dir} could not be initialised: the process that runs initdb and the migrations ended with exit code 1`,
    );
    await expect(failure).rejects.toThrow(/no_such_table/);
    expect(readdirSync(parent)).toEqual([]);
  });
});

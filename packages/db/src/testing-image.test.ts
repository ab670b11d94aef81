import { testDatabaseUrl } from '@bank/config';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { migratedImage } from './embedded.ts';
import type { DbHandle } from './handle.ts';

async function tablesOf(handle: DbHandle): Promise<string[]> {
  // PGlite's driver answers an object with `rows`.
  const result: unknown = await handle.db.execute(
    sql`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const rows: unknown[] =
    typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  return rows.map((row) =>
    typeof row === 'object' && row !== null && 'name' in row ? String(row.name) : '',
  );
}

describe.skipIf(testDatabaseUrl())(
  'the migrated image the embedded test databases start from',
  () => {
    it('holds what the migrations make, and each database started from it is its own', async () => {
      const fresh = await createDb({ kind: 'pglite' });
      await fresh.migrate();
      const image = await migratedImage();
      const first = await createDb({ kind: 'pglite', image });
      const second = await createDb({ kind: 'pglite', image });
      try {
        const tables = await tablesOf(fresh);
        expect(tables).toContain('public.transactions');
        expect(await tablesOf(first)).toEqual(tables);
        // Nothing left to apply: the image is at the newest migration.
        await first.migrate();
        expect(await tablesOf(first)).toEqual(tables);

        await first.db.execute(sql`create table only_in_first (id int)`);
        expect(await tablesOf(first)).toContain('public.only_in_first');
        expect(await tablesOf(second)).not.toContain('public.only_in_first');
      } finally {
        await Promise.all([fresh.close(), first.close(), second.close()]);
      }
    });
  },
);

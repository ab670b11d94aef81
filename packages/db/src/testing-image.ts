import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@bank/config';
import type { TestProject } from 'vitest/node';
import { migratedImage } from './embedded.ts';
import './testing.ts';

/**
 * Test support (vitest's globalSetup of the node project): every test file on PGlite starts its
 * own database, and initdb with the migrations took ~2 s of each file's time, the same work
 * each time. It is done once here; createTestDb starts each file's database from the image.
 * On PostgreSQL (TEST_DATABASE_URL) each file's database is made on the server, so nothing.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (testDatabaseUrl()) {
    project.provide('pgliteImage', undefined);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bank-pglite-image-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedImage()).arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

// The production server's bundle on a fresh embedded database, for the scripts that measure the
// built app from a browser (lighthouse.mjs, blocking-time.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts apps/server/dist/main.mjs with production's node flags (apps/server's `start`;
 * start-flags.test.ts) on 127.0.0.1:`port`, with its data in a new temporary folder named after
 * `name`; `WEB_DIST_DIR` in the environment serves another build of the SPA (to compare with).
 * Returns the child process: kill it when done.
 */
export function startBuiltServer({ port, name }) {
  const flags = ['--enable-source-maps', '--max-semi-space-size=8'];
  return spawn(process.execPath, [...flags, join(root, 'apps/server/dist/main.mjs')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), `bank-${name}-`)),
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: resolve(process.env.WEB_DIST_DIR) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits until `url` answers 2xx, up to three minutes (the embedded database starts slowly on a busy machine). */
export async function waitFor(url) {
  for (let attempt = 0; attempt < 1800; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((settle) => setTimeout(settle, 100));
  }
  throw new Error(`${url} did not answer`);
}

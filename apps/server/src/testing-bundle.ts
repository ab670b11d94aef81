import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test support (vitest's globalSetup of the node project): the tests that start a server run
 * the production bundle, as `pnpm start` and Docker do (docs/decisions/025). It is rebuilt here
 * when it is missing or older than any source it is built from, so a single test file run
 * after an edit still tests the edit; scripts/test.sh builds it before the tests (typecheck),
 * so there this finds it fresh and does nothing.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverDir = join(root, 'apps/server');
export const serverBundle = join(serverDir, 'dist/main.mjs');

/** What the bundle is made of: the server's and the packages' sources, the build script. */
function sourceRoots(): string[] {
  const packages = readdirSync(join(root, 'packages')).map((name) =>
    join(root, 'packages', name, 'src'),
  );
  return [
    join(serverDir, 'src'),
    join(serverDir, 'build.mjs'),
    join(root, 'pnpm-lock.yaml'),
    ...packages,
  ];
}

function newestChange(path: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return path.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function bundleIsFresh(): boolean {
  let built: number;
  try {
    built = statSync(serverBundle).mtimeMs;
  } catch {
    return false;
  }
  return sourceRoots().every((path) => newestChange(path) <= built);
}

const lockDir = join(serverDir, 'dist.building');

/** Builds the bundle unless it is fresh; one build at a time when several runs start at once. */
export function ensureServerBundle(): void {
  if (bundleIsFresh()) return;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // Another run is building: wait for it (a lock left by a killed run expires).
      if (Date.now() > deadline) rmSync(lockDir, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!bundleIsFresh())
      execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

export default function setup(): void {
  ensureServerBundle();
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** node's flags in `pnpm start` (apps/server): the ones production runs with. */
function startFlags(): string[] {
  const manifest: { scripts: { start: string } } = JSON.parse(read('apps/server/package.json'));
  const flags = / node ((?:--\S+ )+)dist\/main\.mjs/.exec(manifest.scripts.start)?.[1];
  return flags?.trim().split(' ') ?? [];
}

// Every place that runs the production bundle measures or serves what production runs: the
// memory and start figures of the footprint and page-speed review depend on these flags (docs/decisions/021, 023).
const places = [
  'package.json',
  'docker/Dockerfile',
  'apps/web/playwright.config.ts',
  'bench/footprint.ts',
  'bench/setup.ts',
  // lighthouse.mjs and blocking-time.mjs start it through this one.
  'scripts/built-server.mjs',
  'apps/server/src/testing-child.ts',
];

describe('node flags of the production server', () => {
  const flags = startFlags();

  it('are named in apps/server start', () => {
    expect(flags).toContain('--enable-source-maps');
    expect(flags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(true);
  });

  it.each(places)('%s starts the bundle with the same flags', (path) => {
    const text = read(path);
    expect(text).toContain('dist/main.mjs');
    for (const flag of flags) expect(text, `${path} lacks ${flag}`).toContain(flag);
  });
});

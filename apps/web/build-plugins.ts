import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, at the strongest levels
 * (paid once at build time, not per request); the server sends them with Content-Encoding.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bank:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for (const file of await listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `spa-routes.json`, the paths of every page, from TanStack Router's generated route
 * tree: the server answers 404 for any other path (apps/server/src/plugins/static-spa.ts).
 */
export function routeTable(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'bank:route-table',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async writeBundle() {
      const tree = await readFile(resolve(root, 'src/routeTree.gen.ts'), 'utf8');
      const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1];
      if (!union) throw new Error('routeTree.gen.ts has no fullPaths union');
      const paths = [...union.matchAll(/'([^']*)'/g)].map((match) => match[1]);
      await writeFile(resolve(root, outDir, 'spa-routes.json'), `${JSON.stringify(paths)}\n`);
    },
  };
}

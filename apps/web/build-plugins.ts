import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
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

/** What `spa-routes.json` holds: the server's 404s and preloads, and the bundle budget's input. */
export interface RouteTable {
  /** The entry chunk and its static imports: what every page loads (index.html's scripts). */
  entry: string[];
  /** Every page's path (`$param` one segment) and the JS chunks it loads besides the entry. */
  routes: { path: string; chunks: string[] }[];
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * Writes `spa-routes.json` from TanStack Router's generated route tree and Vite's manifest: the
 * paths of every page (the server answers 404 for any other path) and the chunks each page
 * loads, which the server names in the page's HTML as module preloads, so that a first visit
 * fetches them alongside the entry instead of after it (apps/server/src/plugins/static-spa.ts),
 * and which `pnpm budget` weighs.
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
    async writeBundle(_options, bundle) {
      const tree = await readFile(resolve(root, 'src/routeTree.gen.ts'), 'utf8');
      const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1];
      if (!union) throw new Error('routeTree.gen.ts has no fullPaths union');
      const paths = [...union.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
      const manifest: Manifest = JSON.parse(
        await readFile(resolve(root, outDir, '.vite/manifest.json'), 'utf8'),
      );
      // A route's split chunk that also holds a module which code loaded later imports (a page's
      // fields shared with its lazily loaded dialog) loses its facade, and the manifest then keys
      // it by file name only: key it by the route modules it holds as well.
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.facadeModuleId) continue;
        const chunk = Object.values(manifest).find((entry) => entry.file === output.fileName);
        if (!chunk) continue;
        for (const id of output.moduleIds) {
          const key = relative(root, id).split(sep).join('/');
          if (key.startsWith('src/routes/') && key.includes('tsr-split=') && !(key in manifest)) {
            manifest[key] = chunk;
          }
        }
      }
      const table = routeTableOf(manifest, paths);
      await writeFile(resolve(root, outDir, 'spa-routes.json'), `${JSON.stringify(table)}\n`);
    },
  };
}

/** Each path's chunks: its route file's and its layouts' split chunks, with their imports. */
export function routeTableOf(manifest: Manifest, paths: string[]): RouteTable {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const entry = withStaticImports(manifest, entryKey, new Set());

  /** Manifest keys of a route file's split chunks that a visit runs (component and loader). */
  const chunkKeys = (routeFile: string) =>
    Object.keys(manifest).filter((key) => {
      const [file, query = ''] = key.split('?');
      if (file !== routeFile) return false;
      const split = new URLSearchParams(query).get('tsr-split');
      return split === null || /(^|-)(component|loader)(-|$)/.test(split);
    });
  const routeFiles = [
    ...new Set(Object.keys(manifest).map((key) => key.split('?')[0] ?? '')),
  ].filter((file) => file.startsWith('src/routes/') && !file.endsWith('__root.tsx'));

  const byPath = new Map<string, string[]>();
  for (const routeFile of routeFiles) {
    // A pathless layout or a directory's route.tsx is not a page of its own.
    if (/\/_[^/]+\.tsx$/.test(routeFile) || routeFile.endsWith('/route.tsx')) continue;
    const files = new Set<string>();
    for (const file of [...layoutFiles(routeFile, chunkKeys), routeFile]) {
      for (const key of chunkKeys(file)) withStaticImports(manifest, key, files);
    }
    byPath.set(
      urlPath(routeFile),
      [...files].filter((file) => !entry.has(file)),
    );
  }
  const normalized = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);
  return {
    entry: [...entry],
    routes: paths.map((path) => ({ path, chunks: byPath.get(normalized(path)) ?? [] })),
  };
}

/** A chunk and everything it imports statically (the browser fetches these before running it). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

/** Layout files above a route: `_auth/admin/users.tsx` has `_auth.tsx`, `_auth/admin.tsx`... */
function layoutFiles(routeFile: string, chunkKeys: (file: string) => string[]): string[] {
  const parts = routeFile
    .replace(/^src\/routes\//, '')
    .split('/')
    .slice(0, -1);
  const layouts: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const dir = `src/routes/${parts.slice(0, i).join('/')}`;
    for (const candidate of [`${dir}.tsx`, `${dir}/route.tsx`]) {
      if (chunkKeys(candidate).length > 0) layouts.push(candidate);
    }
  }
  return layouts;
}

/** The URL path a route file serves (pathless `_x` segments and `index` dropped). */
function urlPath(routeFile: string): string {
  const segments = routeFile
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx?$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index' && segment !== 'route');
  return `/${segments.join('/')}`;
}

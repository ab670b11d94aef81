// The production build of the server: an ES module (dist/main.mjs, with its source map) that
// plain `node` runs, so production needs neither tsx nor the TypeScript sources
// (docs/decisions/021-server-bundle.md), and the chunks it imports on first use (023). Our workspace packages and pure-JS dependencies are
// bundled; packages that load files beside their own code at run time stay external:
// PGlite (its .wasm and data files), argon2 (a native addon) and pdfkit (its fonts' metrics
// and colour profile); so does oidc-provider, which finds its models' settings by their class
// names (`this.constructor.name`), names the bundler renames. apps/server depends on them
// itself so that node finds them from dist/.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const external = ['@electric-sql/pglite', '@node-rs/argon2', 'pdfkit', 'oidc-provider'];

await rm(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  outExtension: { '.js': '.mjs' },
  // Dynamic imports become chunks loaded on first use (the embedded database's driver, SMTP,
  // Redis...). Chunks sit beside main.mjs: code that resolves paths from import.meta.url
  // (the migrations, the SPA) finds the same depth whichever file it lands in.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The map's positions are what stack traces need; without the sources' text it is 2.7 MB
  // instead of 9 MB, and `--enable-source-maps` holds ~10 MB less in every server.
  sourcesContent: false,
  // Stack traces name our functions (the source map maps them back to the TypeScript).
  minifySyntax: true,
  minifyWhitespace: true,
  keepNames: false,
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS dependencies still call require() and read __dirname.
  banner: {
    js: [
      "import { createRequire as __bankCreateRequire } from 'node:module';",
      "import { fileURLToPath as __bankFileURLToPath } from 'node:url';",
      'const require = __bankCreateRequire(import.meta.url);',
      'const __filename = __bankFileURLToPath(import.meta.url);',
      "const __dirname = __bankFileURLToPath(new URL('.', import.meta.url));",
    ].join('\n'),
  },
  logLevel: 'warning',
  metafile: false,
});

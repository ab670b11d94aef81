import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type BuildOptions, defineConfig } from 'vite';
import { precompress, routeTable } from './build-plugins.ts';

// The API server the dev server forwards to (the default is the server's own default port).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must run before react() so that it can split the route files. The
  // build-time render (`vite build --ssr`, prerender.mjs) is no asset of the site: no route
  // table, no compressed copies.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    ...(isSsrBuild ? [] : [routeTable(), precompress()]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: apiTarget, ws: true, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild ? prerenderBuild : siteBuild,
}));

/**
 * A library's comment Rollup cannot place (zod's `@__PURE__` notes) is dropped, harmlessly, and
 * a library's 'use client' directive, dropped too, has no place in its source map to point at
 * (Rollup's SOURCEMAP_ERROR on Chakra's modules): neither is worth a line on every build. Our
 * own code's warnings still print.
 */
const QUIET_IN_LIBRARIES = new Set(['INVALID_ANNOTATION', 'SOURCEMAP_ERROR']);

const onwarn: NonNullable<NonNullable<BuildOptions['rollupOptions']>['onwarn']> = (
  warning,
  warn,
) => {
  if (QUIET_IN_LIBRARIES.has(warning.code ?? '') && warning.id?.includes('/node_modules/')) return;
  warn(warning);
};

/** The render prerender.mjs runs once at build time, for node: kept out of the site's dist. */
const prerenderBuild = {
  outDir: 'node_modules/.prerender',
  emptyOutDir: true,
  minify: false,
  sourcemap: false,
  rollupOptions: { input: 'src/prerender/render.tsx', onwarn },
} satisfies BuildOptions;

const siteBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  sourcemap: true,
  // scripts/bundle-budget.mjs reads which chunks each route loads from the manifest.
  manifest: true,
  rollupOptions: {
    onwarn,
    output: {
      // Libraries every page needs get chunks of their own: they change far less often than
      // our code, so a release leaves them cached. Page-only libraries stay with their pages.
      manualChunks(id) {
        if (!id.includes('node_modules')) return undefined;
        if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'vendor-react';
        if (/\/node_modules\/@tanstack\//.test(id)) return 'vendor-tanstack';
        if (/\/node_modules\/@trpc\//.test(id)) return 'vendor-trpc';
        return undefined;
      },
    },
  },
} satisfies BuildOptions;

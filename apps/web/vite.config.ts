import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, routeTable } from './build-plugins.ts';

// The API server the dev server forwards to (the default is the server's own default port).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The router plugin must run before react() so that it can split the route files.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    routeTable(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: apiTarget, ws: true, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/bundle-budget.mjs reads which chunks each route loads from the manifest.
    manifest: true,
    rollupOptions: {
      // A library's comment Rollup cannot place (zod's `@__PURE__` notes) is dropped, harmlessly:
      // not worth a warning on every build. Our own code's warnings still print.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
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
  },
});

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (the default is the server's own default port).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // The router plugin must run before react() so that it can split the route files.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
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
    // Rollup's own chunking keeps page code and page-only libraries lazy; the entry holds
    // React, Chakra and the router (~250 kB gzipped), which every page needs anyway.
    chunkSizeWarningLimit: 900,
  },
});

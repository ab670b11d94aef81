import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          // The tests that start a server run its production bundle: built here if stale. The
          // embedded databases start from one migrated image, made here once per run.
          globalSetup: [
            './apps/server/src/testing-bundle.ts',
            './packages/db/src/testing-image.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

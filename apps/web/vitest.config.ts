import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // The repository's shared setup (an unexpected console.error fails the test) runs second,
    // so its hooks keep their place after the msw and cleanup ones.
    setupFiles: ['./src/testing/setup-tests.ts', '../../vitest.setup.ts'],
    testTimeout: 20_000,
    css: false,
  },
});

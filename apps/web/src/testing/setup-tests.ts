import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { toaster } from '../lib/toaster-store.ts';
import { server } from './server.ts';
import { resetTrpcMocks, unmockedProcedures } from './trpc-msw.ts';

// A first render takes 1-2 s when the two cores also run the server suites (CI runs them
// together): findBy* waits up to 5 s instead of 1 s before it fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Chakra, next-themes and the router use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub;
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
};
// The build-time render's tests run in node, with no window (prerender/render-styles.test.tsx).
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
  window.scrollTo = () => {};
  Element.prototype.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  toaster.remove();
  server.resetHandlers();
  const missing = [...unmockedProcedures];
  resetTrpcMocks();
  expect(missing, 'tRPC procedures called without a mock').toEqual([]);
});
afterAll(() => server.close());
// The rule that an unexpected console.error fails a test is the root vitest.setup.ts, which
// vitest.config.ts runs after this file.

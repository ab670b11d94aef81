import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { AppRouterInstance } from './router.tsx';

/**
 * Takes over a page drawn at build time (src/prerender/render.tsx) in place.
 *
 * The router draws its matches with fewer Suspense boundaries on a server than in a browser; told
 * that the markup came from a server (what TanStack Start's own hydration tells it), it draws them
 * as the build did, so the first render matches instead of React drawing the page again (418).
 */
export function hydratePage(
  container: HTMLElement,
  router: AppRouterInstance,
  app: ReactNode,
  onRecoverableError: (error: unknown) => void,
): Root {
  router.ssr = { manifest: undefined };
  return hydrateRoot(container, app, { onRecoverableError });
}

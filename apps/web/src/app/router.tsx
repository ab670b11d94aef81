import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import type { TrpcUtils } from '../lib/trpc.ts';
import { routeTree } from '../routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}

/** `isServer`: drawn at build time (src/prerender/render.tsx), as a server draws a page. */
export function createAppRouter(
  context: RouterContext,
  history?: RouterHistory,
  options: { isServer?: boolean } = {},
) {
  return createRouter({
    routeTree,
    context,
    history,
    isServer: options.isServer,
    defaultPreload: 'intent',
    // Loader data lives in TanStack Query; the router need not cache it again.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingComponent: FullPageSpinner,
    scrollRestoration: true,
  });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance;
  }
  /** Values pages hand to the next page without putting them in the URL. */
  interface HistoryState {
    /** verify-email: the address the link was sent to. */
    email?: string;
    /** login: a success message from reset-password or verify-email. */
    message?: string;
  }
}

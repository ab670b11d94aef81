import { messages } from '@bank/validators/messages';
import type { SystemContext } from '@chakra-ui/react';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { createConnectionMonitor } from '../features/realtime/connection-monitor.ts';
import { AppShell } from '../features/shell/app-shell.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { signedOut } from '../lib/session.ts';
import { bankSystem, bankSystemWithoutGlobalCss } from '../lib/theme.ts';
import { notify } from '../lib/toaster.ts';
import {
  createAppTrpcClient,
  createRealtimeClient,
  createTrpcUtils,
  type RealtimeClient,
} from '../lib/trpc.ts';
import { AppProviders } from './providers.tsx';
import { type AppRouterInstance, createAppRouter } from './router.tsx';

export interface CreateAppOptions {
  history?: RouterHistory;
  /** Tests may run without the WebSocket. */
  realtime?: boolean;
  /** What the server answered into the page (lib/embedded-answers.ts). */
  embeddedAnswers?: Map<string, unknown>;
  /** The server's origin, for the build-time render (scripts/prerender.mjs), which has no page. */
  origin?: string;
  /** The build-time render: the router draws as on a server, whatever the environment. */
  buildTime?: boolean;
  /**
   * The page's <head> holds the design system's global CSS already (a page drawn at build time):
   * it is neither built nor inserted again.
   */
  globalCssInPage?: boolean;
}

/** Wires the query cache, tRPC client, router and providers: used by main.tsx and tests. */
export function createApp(opts: CreateAppOptions = {}) {
  let router: AppRouterInstance | undefined;
  let realtime: RealtimeClient | undefined;

  const queryClient = createQueryClient({
    onUnauthorized() {
      // The session ended on the server (expired, signed out elsewhere, blocked).
      if (!utils.auth.me.getData()?.user) return;
      utils.auth.me.setData(undefined, signedOut);
      notify({ type: 'error', message: messages.sessionExpired });
      const href = router?.state.location.href;
      void router?.navigate({ to: '/login', search: { redirect: href } });
    },
  });

  if (opts.realtime !== false) {
    const monitor = createConnectionMonitor({
      onGiveUp() {
        void realtime?.close();
        notify({
          id: 'socket-unavailable',
          type: 'error',
          message: messages.socketUnavailable,
          duration: 0,
        });
      },
      // The subscription resumes from its last event id, but the log keeps a day and a
      // thousand events at most: whatever the client shows is fetched again, so none stays stale.
      onReconnect() {
        void queryClient.invalidateQueries();
      },
    });
    realtime = createRealtimeClient({ onOpen: monitor.onOpen, onClose: monitor.onClose });
  }

  const trpcClient = createAppTrpcClient({
    realtime,
    embeddedAnswers: opts.embeddedAnswers,
    origin: opts.origin,
  });
  const utils = createTrpcUtils(queryClient, trpcClient);
  router = createAppRouter({ queryClient, trpc: utils }, opts.history, {
    isServer: opts.buildTime,
  });
  const appRouter = router;
  // Built when the app is first drawn, not here (main.tsx builds it in a task of its own).
  let system: SystemContext | undefined;
  const designSystem = () => {
    system ??= opts.globalCssInPage ? bankSystemWithoutGlobalCss() : bankSystem();
    return system;
  };

  /**
   * The application; `shell` draws the signed-in frame with a spinner instead of the router's
   * page (the prerendered shell, hydrated before the page is ready: main.tsx).
   */
  function App({ shell = false }: { shell?: boolean }) {
    return (
      <AppProviders system={designSystem()} queryClient={queryClient} trpcClient={trpcClient}>
        {shell ? <AppShell /> : <RouterProvider router={appRouter} />}
      </AppProviders>
    );
  }

  return { App, router: appRouter, queryClient, trpcClient, utils };
}

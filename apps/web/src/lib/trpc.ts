import type { AppRouter } from '@bank/api';
import type { QueryClient } from '@tanstack/react-query';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  type TRPCLink,
  wsLink,
} from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { embeddedAnswersLink } from './embedded-answers.ts';

export type { AppRouter, RouterInputs, RouterOutputs } from '@bank/api';

/** React hooks for every procedure (`trpc.auth.me.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

export type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

/** docs/product.md 7: reconnect after 1000 ms, doubling, at most 5000 ms between attempts. */
export function reconnectDelayMs(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 5000);
}

export interface RealtimeConnectionCallbacks {
  onOpen?: () => void;
  onClose?: () => void;
}

export function createRealtimeClient(callbacks: RealtimeConnectionCallbacks = {}) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return createWSClient({
    url: `${scheme}://${window.location.host}/trpc`,
    // Connect only while a subscription is running (i.e. while signed in).
    lazy: { enabled: true, closeMs: 0 },
    retryDelayMs: reconnectDelayMs,
    onOpen: callbacks.onOpen,
    onClose: () => callbacks.onClose?.(),
  });
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/**
 * Same origin: queries and mutations over batched HTTP at /trpc, subscriptions over the
 * WebSocket at /trpc. The session rides in the HttpOnly cookie; the SPA holds no token.
 */
export function createAppTrpcClient(
  opts: {
    realtime?: RealtimeClient;
    embeddedAnswers?: Map<string, unknown>;
    /** The server's origin; the page's own unless given (the build-time render has no page). */
    origin?: string;
  } = {},
): TrpcClient {
  const http = httpBatchLink<AppRouter>({
    url: `${opts.origin ?? window.location.origin}/trpc`,
    fetch: (input, init) =>
      fetch(input, { ...init, credentials: 'same-origin', signal: timeoutSignal(init?.signal) }),
  });
  return createTRPCClient<AppRouter>({
    links: [
      embeddedAnswersLink(opts.embeddedAnswers ?? new Map()),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: opts.realtime ? wsLink<AppRouter>({ client: opts.realtime }) : silentLink,
        false: http,
      }),
    ],
  });
}

/** Without a WebSocket (tests), subscriptions simply never deliver anything. */
const silentLink: TRPCLink<AppRouter> = () => () => observable(() => () => {});

/** docs/product.md 7: an HTTP call gives up after 10 seconds. */
export const HTTP_TIMEOUT_MS = 10_000;

function timeoutSignal(signal: AbortSignal | null | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient): TrpcUtils {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

import type { AnyRoute } from '@tanstack/react-router';
import type { TrpcUtils } from '../lib/trpc.ts';
import type { AppRouterInstance } from './router.tsx';

/**
 * Starts what the first page needs at once, in parallel (the page-speed review): its code, the
 * session and the bank's public profile. Left to itself, the router asks for a page's code only
 * after the layout's beforeLoad has the session, and the profile only when the layout first
 * renders: three round trips one after the other on a phone's network.
 */
export function startEarly(router: AppRouterInstance, utils: TrpcUtils): void {
  // One batched request for both (httpBatchLink joins calls made in the same tick).
  void utils.auth.me.prefetch(undefined, { staleTime: Number.POSITIVE_INFINITY });
  void utils.settings.public.prefetch(undefined, { staleTime: 60_000 });
  const routes = new Map<string, AnyRoute>(
    Object.values(router.routesById).map((route) => [route.id, route]),
  );
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = routes.get(match.routeId);
    // A chunk that fails to load here is asked for again, and reported, by the router itself.
    if (route) router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

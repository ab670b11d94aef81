import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorReason } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** While maintenance is on, the profile is asked again this often (the live notice is first). */
export const MAINTENANCE_POLL_MS = 30_000;

function isSettingsQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === 'settings';
}

/**
 * Whether the bank is under maintenance, kept true by three signals: the public profile, the
 * live `system:maintenance` notice (the realtime listener writes the profile), and any call
 * answered 503 MAINTENANCE. When it ends, every query runs again, so customers carry on
 * without reloading.
 */
export function useMaintenance(): boolean {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const profile = trpc.settings.public.useQuery(undefined, {
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? MAINTENANCE_POLL_MS : false),
  });
  const on = profile.data?.maintenanceMode ?? false;

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (errorReason(event.action.error) !== 'MAINTENANCE') return;
        utils.settings.public.setData(undefined, (old) =>
          old ? { ...old, maintenanceMode: true } : old,
        );
        void utils.settings.public.invalidate();
      }),
    [queryClient, utils],
  );

  const was = useRef(on);
  useEffect(() => {
    if (was.current && !on) {
      void queryClient.invalidateQueries({
        predicate: (query) => !isSettingsQuery(query.queryKey),
      });
    }
    was.current = on;
  }, [on, queryClient]);

  return on;
}

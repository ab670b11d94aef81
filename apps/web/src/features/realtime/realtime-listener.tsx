import { messages } from '@bank/validators/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isUnauthorized } from '../../lib/errors.ts';
import { useIdle } from '../../lib/idle.ts';
import { emitLiveEvent } from '../../lib/live-events.ts';
import { refreshMoney } from '../../lib/money-cache.ts';
import { signedOut } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { type AppEvent, effectsOf, socketMessages } from './events.ts';

/** The events' schema (and zod) load with the first event; one promise keeps their order. */
let eventSchema: Promise<typeof import('./event-schema.ts')> | undefined;
const loadEventSchema = () => {
  eventSchema ??= import('./event-schema.ts');
  return eventSchema;
};

function isAuthQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === 'auth';
}

/**
 * The one live subscription of a signed-in client (docs/architecture.md 6): turns events into
 * notifications and refreshes what they changed. Mounted by the authenticated layout.
 */
export function RealtimeListener() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  // Ready before most events arrive, without being part of the page's first load.
  const { idle } = useIdle();
  useEffect(() => {
    if (idle) void loadEventSchema();
  }, [idle]);
  /** What one event shows and refreshes. */
  const handle = (event: AppEvent | null) => {
    if (!event) return;
    emitLiveEvent(event);
    const { notification, invalidate, money, maintenance } = effectsOf(event);
    if (notification) notify(notification);
    if (maintenance !== undefined) {
      // The layout's maintenance gate reads the profile: it switches at once.
      utils.settings.public.setData(undefined, (old) =>
        old ? { ...old, maintenanceMode: maintenance } : old,
      );
      void utils.settings.public.invalidate();
    }
    if (money) {
      void refreshMoney(utils, money.newBalance);
    } else if (invalidate) {
      void queryClient.invalidateQueries({ predicate: (query) => !isAuthQuery(query.queryKey) });
    }
  };
  trpc.events.onEvent.useSubscription(undefined, {
    onData(envelope) {
      void loadEventSchema().then(({ parseAppEvent }) => handle(parseAppEvent(envelope.data)));
    },
    onError(error) {
      if (!isUnauthorized(error)) return;
      // Ended on the server (blocked, signed out elsewhere)? Then this screen goes at once.
      void utils.auth.me
        .fetch(undefined, { staleTime: 0 })
        .catch(() => null)
        .then((session) => {
          if (session && !session.user) {
            queryClient.removeQueries({ predicate: (query) => !isAuthQuery(query.queryKey) });
            utils.auth.me.setData(undefined, signedOut);
            notify({ type: 'error', message: messages.sessionExpired });
            void navigate({ to: '/login' });
            return;
          }
          notify({
            id: 'socket-auth',
            type: 'error',
            message: socketMessages.authFailed,
            duration: 0,
          });
        });
    },
  });
  return null;
}

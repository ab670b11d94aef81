import { messages } from '@bank/validators/messages';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { appError } from '../errors.ts';
import { procedureWith, router } from '../trpc.ts';
import { parseEventId, readMissedEvents } from './replay.ts';

const SESSION_RECHECK_MS = 60_000;

/** tRPC's wsLink puts the id of the last tracked event it saw here when it resubscribes. */
const onEventInput = z.object({ lastEventId: z.string().max(32).nullish() }).nullish();

export const eventsRouter = router({
  /**
   * The one subscription per signed-in client: every event for this user, live. A client that
   * comes back with `lastEventId` first gets what it missed, read back from the `events` log.
   */
  onEvent: procedureWith('read:event:own')
    .meta({ duringMaintenance: true })
    .input(onEventInput)
    .subscription(async function* ({ ctx, input, signal }) {
      const token = ctx.auth.token;
      const userId = ctx.auth.user.id;
      const controller = new AbortController();
      let sessionEnded = false;
      // Ended anywhere, on any instance: the subscription stops at once (the NOTIFY of the end).
      const unwatch = ctx.deps.hub.watchSession(ctx.auth.session.id, () => {
        sessionEnded = true;
        controller.abort();
      });
      // A WebSocket's context is built once, at connection: a subscription started later on the
      // same socket asks again whether the session still lives (watching first, so an end in
      // between is not missed).
      if (!(await ctx.deps.sessions.validate(token))) {
        unwatch();
        throw appError('UNAUTHORIZED', messages.sessionExpired);
      }
      const stop = () => controller.abort();
      signal?.addEventListener('abort', stop);
      // And a slow re-check, for what ends a session without a notice (expiry).
      const timer = setInterval(() => {
        ctx.deps.sessions
          .validate(token)
          .then((current) => {
            if (!current) {
              sessionEnded = true;
              controller.abort();
            }
          })
          .catch(() => {});
      }, SESSION_RECHECK_MS);
      // Listen before reading the log: an event committed in between is then queued, not lost.
      const live = ctx.deps.hub.subscribe(userId, controller.signal);
      try {
        // An event can be both read back and queued live; every live copy of it is dropped (kept
        // for the whole subscription: a NOTIFY may reach this instance after the read).
        const replayed = new Set<string>();
        const afterId = parseEventId(input?.lastEventId);
        if (afterId !== null) {
          for (const envelope of await readMissedEvents(ctx.deps.db, userId, afterId)) {
            if (controller.signal.aborted) break;
            replayed.add(envelope.id);
            yield tracked(envelope.id, envelope.event);
          }
        }
        for await (const envelope of live) {
          if (replayed.has(envelope.id)) continue;
          yield tracked(envelope.id, envelope.event);
        }
        if (sessionEnded) throw appError('UNAUTHORIZED', messages.sessionExpired);
      } finally {
        clearInterval(timer);
        unwatch();
        signal?.removeEventListener('abort', stop);
        // Ends the hub's listener even when the replay was cut short.
        controller.abort();
      }
    }),
});

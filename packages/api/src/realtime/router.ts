import { messages } from '@bank/validators/messages';
import { tracked } from '@trpc/server';
import { validateSessionToken } from '../auth/sessions.ts';
import { appError } from '../errors.ts';
import { protectedProcedure, router } from '../trpc.ts';

const SESSION_RECHECK_MS = 60_000;

export const eventsRouter = router({
  /** The one subscription per signed-in client: every event for this user, live. */
  onEvent: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    const token = ctx.auth.token;
    const userId = ctx.auth.user.id;
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal?.addEventListener('abort', stop);
    // A long-lived subscription re-checks its session: sign-out or a block ends it.
    let sessionEnded = false;
    const timer = setInterval(() => {
      validateSessionToken(ctx.deps.db, token)
        .then((current) => {
          if (!current) {
            sessionEnded = true;
            controller.abort();
          }
        })
        .catch(() => {});
    }, SESSION_RECHECK_MS);
    try {
      for await (const envelope of ctx.deps.hub.subscribe(userId, controller.signal)) {
        yield tracked(envelope.id, envelope.event);
      }
      if (sessionEnded) throw appError('UNAUTHORIZED', messages.sessionExpired);
    } finally {
      clearInterval(timer);
      signal?.removeEventListener('abort', stop);
    }
  }),
});

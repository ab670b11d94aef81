import {
  analyticsQuery,
  sessionIdInput,
  sessionListQuery,
  signInFailuresQuery,
} from '@bank/validators/oversight';
import { adminProcedure, router } from '../trpc.ts';
import { analyticsCsv, analyticsOf } from './analytics.ts';
import { dashboardStats, recentActivity } from './dashboard.ts';
import { endSession, listOpenSessions } from './sessions.ts';
import { signInFailuresByAddress } from './sign-in-failures.ts';

/** What administrators watch: the dashboard, analytics and the security screen (issue 11). */
export const oversightRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.deps.db)),
  recentActivity: adminProcedure.query(({ ctx }) => recentActivity(ctx.deps.db)),
  analytics: adminProcedure
    .input(analyticsQuery)
    .query(({ ctx, input }) => analyticsOf(ctx.deps.db, input.days)),
  analyticsCsv: adminProcedure
    .input(analyticsQuery)
    .query(async ({ ctx, input }) => analyticsCsv(await analyticsOf(ctx.deps.db, input.days))),
  sessions: adminProcedure
    .input(sessionListQuery)
    .query(({ ctx, input }) => listOpenSessions(ctx.deps.db, input, ctx.auth.session.id)),
  endSession: adminProcedure.input(sessionIdInput).mutation(({ ctx, input }) =>
    endSession(ctx.deps.db, {
      sessionId: input.id,
      actorId: ctx.auth.user.id,
      actorSessionId: ctx.auth.session.id,
      request: ctx.request,
    }),
  ),
  signInFailures: adminProcedure
    .input(signInFailuresQuery)
    .query(({ ctx, input }) => signInFailuresByAddress(ctx.deps.db, input)),
});

import {
  analyticsQuery,
  sessionIdInput,
  sessionListQuery,
  signInFailuresQuery,
} from '@bank/validators/oversight';
import { actingStaff, procedureWith, router } from '../trpc.ts';
import { analyticsCsv, analyticsOf } from './analytics.ts';
import { dashboardStats, recentActivity } from './dashboard.ts';
import { endSession, listOpenSessions } from './sessions.ts';
import { signInFailuresByAddress } from './sign-in-failures.ts';

/** What administrators watch: the dashboard, analytics and the security screen (the administrators' oversight screens). */
export const oversightRouter = router({
  stats: procedureWith('read:report:any').query(({ ctx }) => dashboardStats(ctx.deps.db)),
  recentActivity: procedureWith('read:report:any').query(({ ctx }) => recentActivity(ctx.deps.db)),
  analytics: procedureWith('read:report:any')
    .input(analyticsQuery)
    .query(({ ctx, input }) => analyticsOf(ctx.deps.db, input.days)),
  analyticsCsv: procedureWith('read:report:any')
    .input(analyticsQuery)
    .query(async ({ ctx, input }) => analyticsCsv(await analyticsOf(ctx.deps.db, input.days))),
  sessions: procedureWith('read:session:any')
    .input(sessionListQuery)
    .query(({ ctx, input }) => listOpenSessions(ctx.deps.db, input, ctx.auth.session.id)),
  endSession: procedureWith('delete:session:any')
    .input(sessionIdInput)
    .mutation(({ ctx, input }) =>
      endSession(ctx.deps.db, {
        sessionId: input.id,
        ...actingStaff(ctx),
        actorSessionId: ctx.auth.session.id,
      }),
    ),
  signInFailures: procedureWith('read:audit-log:any')
    .input(signInFailuresQuery)
    .query(({ ctx, input }) => signInFailuresByAddress(ctx.deps.db, input)),
});

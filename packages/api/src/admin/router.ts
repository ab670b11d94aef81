import { auditLogQuery, blockUserInput, userIdInput } from '@bank/validators/admin';
import { adminProcedure, router } from '../trpc.ts';
import { listAuditLog } from './audit-service.ts';
import { endUserSessions, setUserBlocked } from './users-service.ts';

export const adminRouter = router({
  setUserBlocked: adminProcedure.input(blockUserInput).mutation(({ ctx, input }) =>
    setUserBlocked(ctx.deps.db, {
      userId: input.id,
      blocked: input.blocked,
      actorId: ctx.auth.user.id,
      request: ctx.request,
    }),
  ),
  endUserSessions: adminProcedure.input(userIdInput).mutation(({ ctx, input }) =>
    endUserSessions(ctx.deps.db, {
      userId: input.id,
      actorId: ctx.auth.user.id,
      request: ctx.request,
    }),
  ),
  auditLog: adminProcedure
    .input(auditLogQuery)
    .query(({ ctx, input }) => listAuditLog(ctx.deps.db, input)),
});

import {
  auditLogQuery,
  blockUserInput,
  createUserInput,
  updateUserInput,
  userIdInput,
  userListQuery,
} from '@bank/validators/admin';
import { listAuditLog } from '../audit/service.ts';
import { rolesAndPermissions } from '../permissions.ts';
import { adminProcedure, router } from '../trpc.ts';
import {
  closeUser,
  createUser,
  endUserSessions,
  setUserBlocked,
  updateUser,
} from './user-changes.ts';
import { listUsers, userDetail, userStats } from './user-directory.ts';

export const adminRouter = router({
  users: adminProcedure
    .input(userListQuery)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input)),
  user: adminProcedure
    .input(userIdInput)
    .query(({ ctx, input }) => userDetail(ctx.deps.db, input.id)),
  userStats: adminProcedure.query(({ ctx }) => userStats(ctx.deps.db)),
  roles: adminProcedure.query(() => rolesAndPermissions()),
  createUser: adminProcedure
    .input(createUserInput)
    .mutation(({ ctx, input }) =>
      createUser(ctx.deps, { ...input, actorId: ctx.auth.user.id, request: ctx.request }),
    ),
  updateUser: adminProcedure.input(updateUserInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateUser(ctx.deps.db, {
      userId: id,
      changes,
      actorId: ctx.auth.user.id,
      request: ctx.request,
    });
  }),
  deleteUser: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) =>
      closeUser(ctx.deps.db, { userId: input.id, actorId: ctx.auth.user.id, request: ctx.request }),
    ),
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

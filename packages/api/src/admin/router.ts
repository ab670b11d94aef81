import type { Database } from '@bank/db';
import {
  auditLogQuery,
  blockUserInput,
  createUserInput,
  updateUserInput,
  userIdInput,
  userListQuery,
  userViewInput,
} from '@bank/validators/admin';
import { listAuditLog, recordStaffView } from '../audit/service.ts';
import { type Permission, rolesAndPermissions } from '../permissions.ts';
import { actingStaff, procedureWith, router } from '../trpc.ts';
import { createUser, endUserSessions, setUserBlocked } from './user-changes.ts';
import { closeUser } from './user-closing.ts';
import { listUsers, userDetail, userStats } from './user-directory.ts';
import type { AdminAct } from './user-guards.ts';
import { userOperations } from './user-operations.ts';
import { updateUser } from './user-update.ts';

/** A staff action on the user `input.id` names, recorded as the signed-in member of staff's. */
function staffActOnUser<T>(
  permission: Permission,
  act: (db: Database, input: { userId: string } & AdminAct) => Promise<T>,
) {
  return procedureWith(permission)
    .input(userIdInput)
    .mutation(({ ctx, input }) => act(ctx.deps.db, { userId: input.id, ...actingStaff(ctx) }));
}

export const adminRouter = router({
  users: procedureWith('read:user:any')
    .input(userListQuery)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input)),
  /** One user whole; the visit is recorded for the customer to see. */
  user: procedureWith('read:user:any')
    .input(userViewInput)
    .query(async ({ ctx, input }) => {
      const detail = await userDetail(ctx.deps.db, input.id);
      await recordStaffView(ctx.deps.db, {
        event: 'staff.viewed_profile',
        actorId: ctx.auth.user.id,
        subjectId: input.id,
        reason: input.reason,
        request: ctx.request,
      });
      return detail;
    }),
  /** Reversals, disputes and four-eyes requests about one customer (the user page). */
  userOperations: procedureWith('read:user:any')
    .input(userIdInput)
    .query(({ ctx, input }) => userOperations(ctx.deps.db, input.id, ctx.deps.now())),
  userStats: procedureWith('read:user:any').query(({ ctx }) => userStats(ctx.deps.db)),
  roles: procedureWith('read:role:any').query(() => rolesAndPermissions()),
  createUser: procedureWith('create:user:any')
    .input(createUserInput)
    .mutation(({ ctx, input }) => createUser(ctx.deps, { ...input, ...actingStaff(ctx) })),
  updateUser: procedureWith('update:user:any')
    .input(updateUserInput)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateUser(ctx.deps.db, { userId: id, changes, ...actingStaff(ctx) });
    }),
  deleteUser: staffActOnUser('delete:user:any', closeUser),
  setUserBlocked: procedureWith('update:user:any')
    .input(blockUserInput)
    .mutation(({ ctx, input }) =>
      setUserBlocked(ctx.deps.db, {
        userId: input.id,
        blocked: input.blocked,
        ...actingStaff(ctx),
      }),
    ),
  endUserSessions: staffActOnUser('delete:session:any', endUserSessions),
  auditLog: procedureWith('read:audit-log:any')
    .input(auditLogQuery)
    .query(({ ctx, input }) => listAuditLog(ctx.deps.db, input)),
});

import type { Database, Executor } from '@bank/db';
import { supportChatMembers, users } from '@bank/db/schema';
import type { userChanges } from '@bank/validators/admin';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApprovalDto,
  type NewApproval,
  requestApproval,
  type SecondApprover,
  toApprovalDto,
} from '../approvals/requests.ts';
import { recordAudit } from '../audit/service.ts';
import type { UserRow } from '../auth/dto.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import type { RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { formatUsd, toCents, toDollars } from '../money/cents.ts';
import { getBankSettings } from '../settings/service.ts';
import { directoryEntry } from './user-directory.ts';
import {
  type AdminAct,
  anotherActiveAdmin,
  assertNotLastAdmin,
  lockForChange,
  notFound,
} from './user-guards.ts';

type UserChanges = z.output<typeof userChanges>;

/** What of a change waits for a second administrator (four eyes), and what goes through now. */
async function splitForFourEyes(
  tx: Executor,
  current: UserRow,
  changes: UserChanges,
  context: { approved: SecondApprover | undefined; makerId: string },
) {
  if (context.approved) return { now: changes, waiting: [] };
  // A bank with one administrator could never appoint a second (nor raise a limit) if these
  // waited: four eyes apply once another administrator is there to be the second pair.
  if (!(await anotherActiveAdmin(tx, context.makerId, current.id)))
    return { now: changes, waiting: [] };
  const settings = await getBankSettings(tx);
  const effective = (limit: bigint | null) => limit ?? settings.withdrawalLimitCents;
  const raisesLimit =
    changes.withdrawalLimit !== undefined &&
    effective(changes.withdrawalLimit === null ? null : toCents(changes.withdrawalLimit)) >
      effective(current.withdrawalLimitCents);
  const grantsAdmin = changes.role === 'admin' && current.role !== 'admin';
  const now: UserChanges = { ...changes };
  const waiting: Array<Pick<NewApproval, 'action' | 'subjectKey' | 'summary' | 'payload'>> = [];
  const name = `${current.firstName} ${current.lastName}`;
  if (raisesLimit && settings.limitRaiseNeedsApproval) {
    delete now.withdrawalLimit;
    waiting.push({
      action: 'limit_raise',
      subjectKey: `limit_raise:${current.id}`,
      summary:
        changes.withdrawalLimit === null
          ? `Let ${name} follow the bank’s daily withdrawal limit`
          : `Raise ${name}’s daily withdrawal limit to ${formatUsd(toCents(changes.withdrawalLimit ?? 0))}`,
      payload: { withdrawalLimit: changes.withdrawalLimit ?? null },
    });
  }
  if (grantsAdmin && settings.adminGrantNeedsApproval) {
    delete now.role;
    waiting.push({
      action: 'admin_grant',
      subjectKey: `admin_grant:${current.id}`,
      summary: `Make ${name} an administrator`,
      payload: { role: 'admin' },
    });
  }
  return { now, waiting };
}

/**
 * PUT /users/{id}: name, phone, role and the daily withdrawal limit, each change audited. A
 * limit raise or an admin grant that bank settings put under four eyes becomes an approval
 * request instead (answered in `approvals`); the rest of the change goes through at once.
 */
export async function updateUser(
  db: Database,
  input: { userId: string; changes: UserChanges; approved?: SecondApprover | undefined } & AdminAct,
) {
  if (
    input.userId === input.actorId &&
    input.changes.role !== undefined &&
    input.changes.role !== 'admin'
  ) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot change your own role' });
  }
  return db.transaction(async (tx) => {
    const locked = await lockForChange(tx, input.userId);
    const split = await splitForFourEyes(tx, locked, input.changes, {
      approved: input.approved,
      makerId: input.actorId,
    });
    // Nobody raises their own limit, even with a second administrator's approval.
    if (split.waiting.length > 0 && input.userId === input.actorId)
      throw appError(
        'FORBIDDEN',
        'You cannot act on your own account. Another staff member must.',
        'OWN_ACCOUNT',
      );
    const approvals: ApprovalDto[] = [];
    for (const ask of split.waiting) {
      const row = await requestApproval(
        tx,
        {
          ...ask,
          amountCents: null,
          customerId: locked.id,
          makerId: input.actorId,
          reason: ask.summary,
        },
        { now: new Date(), request: input.request },
      );
      approvals.push(toApprovalDto(row));
    }
    const waitingNote =
      approvals.length > 0 ? '; the rest waits for a second administrator in Approvals' : '';
    const changed = await applyUserChanges(tx, locked, split.now, input);
    return { ...changed, message: `${changed.message}${waitingNote}`, approvals };
  });
}

async function applyUserChanges(
  tx: Executor,
  current: UserRow,
  changes: UserChanges,
  input: { actorId: string; request: RequestInfo; approved?: SecondApprover | undefined },
) {
  if (changes.role !== undefined && changes.role !== 'admin') await assertNotLastAdmin(tx, current);
  const before = {
    firstName: current.firstName,
    lastName: current.lastName,
    phoneNumber: current.phoneNumber,
    role: current.role,
    withdrawalLimit:
      current.withdrawalLimitCents === null ? null : toDollars(current.withdrawalLimitCents),
  };
  const after = { ...before };
  for (const key of ['firstName', 'lastName', 'phoneNumber'] as const) {
    const value = changes[key];
    if (value !== undefined) after[key] = value;
  }
  if (changes.role !== undefined) after.role = changes.role;
  if (changes.withdrawalLimit !== undefined) after.withdrawalLimit = changes.withdrawalLimit;
  const changed = (Object.keys(before) as Array<keyof typeof before>).filter(
    (key) => before[key] !== after[key],
  );
  if (changed.length === 0) {
    return { message: 'User updated successfully', user: directoryEntry(current) };
  }
  const [user] = await tx
    .update(users)
    .set({
      firstName: after.firstName,
      lastName: after.lastName,
      phoneNumber: after.phoneNumber,
      role: after.role,
      withdrawalLimitCents: after.withdrawalLimit === null ? null : toCents(after.withdrawalLimit),
      updatedAt: new Date(),
    })
    .where(eq(users.id, current.id))
    .returning();
  if (!user) throw notFound();
  // A new role changes what every open session may do: they sign in again to get it.
  // Their sockets close with the sessions (4401); and they leave every chat they were in as
  // staff, which would otherwise keep delivering to them, signed in again, until their
  // presence runs out.
  if (before.role !== after.role) {
    await deleteUserSessions(tx, user.id);
    await tx.delete(supportChatMembers).where(eq(supportChatMembers.userId, user.id));
  }
  await recordAudit(tx, {
    event: 'user.updated',
    userId: user.id,
    actorId: input.actorId,
    request: input.request,
    details: {
      old: Object.fromEntries(changed.map((key) => [key, before[key]])),
      new: Object.fromEntries(changed.map((key) => [key, after[key]])),
      ...(input.approved
        ? { approvedBy: input.approved.checkerId, approvalId: input.approved.approvalId }
        : {}),
    },
  });
  return { message: 'User updated successfully', user: directoryEntry(user) };
}

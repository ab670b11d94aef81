import { randomBytes } from 'node:crypto';
import { hashPassword } from '@bank/auth/password';
import type { Database, Executor } from '@bank/db';
import {
  accounts,
  cards,
  linkedBanks,
  loans,
  recoveryCodes,
  supportChatMembers,
  transactions,
  users,
  userTokens,
} from '@bank/db/schema';
import type { createUserInput, userChanges } from '@bank/validators/admin';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { openCheckingAccount } from '../accounts/service.ts';
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
import { INVITATION_TTL_MS, issueUserToken } from '../auth/tokens.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { invitationEmail } from '../mail/templates.ts';
import { formatUsd, toCents, toDollars } from '../money/cents.ts';
import { getBankSettings } from '../settings/service.ts';
import { directoryEntry } from './user-directory.ts';

export interface AdminAct {
  actorId: string;
  request: RequestInfo;
}

/** Loan statuses that still owe the bank money or a decision: such a customer stays open. */
const OPEN_LOAN_STATUSES = ['pending', 'approved', 'defaulted'] as const;

const refuse = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });

/**
 * Locks every administrator's row (always in id order, so two changes never wait on each other
 * in a circle), then the user's: two administrators demoting or blocking each other at once are
 * serialised, and the second sees what the first did, so the bank never ends up without one.
 */
async function lockForChange(tx: Executor, userId: string): Promise<UserRow> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.closedAt)))
    .orderBy(users.id)
    .for('update');
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .for('update');
  if (!user) throw notFound();
  return user;
}

/** Whether taking `user` out of the administrators would leave the bank with none. */
async function isLastAdmin(tx: Executor, user: UserRow): Promise<boolean> {
  if (user.role !== 'admin' || user.isBlocked) return false;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isBlocked, false),
        isNull(users.closedAt),
        ne(users.id, user.id),
      ),
    );
  return others.length === 0;
}

const lastAdminMessage = 'The bank must keep at least one active administrator';

/** PUT /users/{id}/block: `blocked` sets, its absence toggles (docs/product.md 7). */
export async function setUserBlocked(
  db: Database,
  input: { userId: string; blocked?: boolean | undefined } & AdminAct,
) {
  if (input.userId === input.actorId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot block your own account' });
  }
  return db.transaction(async (tx) => {
    const current = await lockForChange(tx, input.userId);
    const blocked = input.blocked ?? !current.isBlocked;
    if (blocked && (await isLastAdmin(tx, current))) throw refuse(lastAdminMessage);
    const [user] = await tx
      .update(users)
      .set({ isBlocked: blocked, updatedAt: new Date() })
      .where(eq(users.id, current.id))
      .returning({ id: users.id, isBlocked: users.isBlocked });
    if (!user) throw notFound();
    // Ends every session; its NOTIFY closes the live connections on every instance at commit.
    if (blocked) await deleteUserSessions(tx, user.id);
    if (blocked !== current.isBlocked) {
      await recordAudit(tx, {
        event: blocked ? 'user.blocked' : 'user.unblocked',
        userId: user.id,
        actorId: input.actorId,
        request: input.request,
        details: { old: { isBlocked: current.isBlocked }, new: { isBlocked: blocked } },
      });
    }
    return {
      message: blocked ? 'User blocked successfully' : 'User unblocked successfully',
      user,
    };
  });
}

/** An administrator signs every session of a user out (their sockets close on every instance). */
export async function endUserSessions(db: Database, input: { userId: string } & AdminAct) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw notFound();
    await deleteUserSessions(tx, user.id);
    await recordAudit(tx, {
      event: 'auth.sessions_ended',
      userId: user.id,
      actorId: input.actorId,
      request: input.request,
      details: { via: 'administrator' },
    });
    return { message: 'Every session of the user was signed out' };
  });
}

/**
 * POST /users: an administrator opens an account (with its checking account) for someone, who
 * receives a set-your-password e-mail; following its link also proves the address.
 */
export async function createUser(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'>,
  input: z.output<typeof createUserInput> & AdminAct,
) {
  // Nobody knows this password: the person chooses theirs from the e-mail.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        role: input.role,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw refuse('A user with this email already exists');
    await openCheckingAccount(tx, user.id);
    const token = await issueUserToken(tx, user.id, 'password_reset', INVITATION_TTL_MS);
    const { bankName } = await getBankSettings(tx);
    await deps.mailer.enqueue(
      tx,
      invitationEmail(
        user.email,
        user.firstName,
        bankName,
        `${deps.publicUrl}/set-password?token=${encodeURIComponent(token)}`,
      ),
    );
    await recordAudit(tx, {
      event: 'user.created',
      userId: user.id,
      actorId: input.actorId,
      request: input.request,
      details: { new: { email: user.email, role: user.role } },
    });
    return { message: 'User created successfully', user: directoryEntry(user) };
  });
}

type UserChanges = z.output<typeof userChanges>;

/** Whether an active administrator other than the maker and the subject exists to approve. */
async function anotherAdminCanApprove(tx: Executor, makerId: string, subjectId: string) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isBlocked, false),
        isNull(users.closedAt),
        ne(users.id, makerId),
        ne(users.id, subjectId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

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
  if (!(await anotherAdminCanApprove(tx, context.makerId, current.id)))
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
  if (changes.role !== undefined && changes.role !== 'admin' && (await isLastAdmin(tx, current)))
    throw refuse(lastAdminMessage);
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

/**
 * DELETE /users/{id}. A bank keeps its records: a user with money, a pending movement or an open
 * loan is refused; otherwise the person is closed and anonymised (sessions, tokens, saved cards
 * and linked banks go) while their accounts and every ledger row stay, so the books still
 * balance and history still has an owner (docs/decisions/017).
 */
export async function closeUser(db: Database, input: { userId: string } & AdminAct) {
  if (input.userId === input.actorId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You cannot delete your own account' });
  }
  // Hashed before the transaction: it takes a while and holds no lock.
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const user = await lockForChange(tx, input.userId);
    if (await isLastAdmin(tx, user)) throw refuse(lastAdminMessage);
    // Locked too: a movement waits for this decision instead of slipping past it.
    const owned = await tx
      .select({ id: accounts.id, balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.userId, user.id))
      .for('update');
    const balance = owned.reduce((sum, account) => sum + account.balanceCents, 0n);
    if (balance !== 0n) {
      throw refuse(
        `This user cannot be deleted while their balance is ${formatUsd(balance)}: it must be $0.00 first`,
      );
    }
    const accountIds = owned.map((account) => account.id);
    const [pending] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'pending'),
          or(
            eq(transactions.senderUserId, user.id),
            eq(transactions.recipientUserId, user.id),
            ...(accountIds.length > 0
              ? [
                  inArray(transactions.fromAccountId, accountIds),
                  inArray(transactions.toAccountId, accountIds),
                ]
              : []),
          ),
        ),
      );
    if ((pending?.n ?? 0) > 0) {
      throw refuse('This user cannot be deleted while they have a pending transaction');
    }
    const [openLoans] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loans)
      .where(and(eq(loans.userId, user.id), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
    if ((openLoans?.n ?? 0) > 0) {
      throw refuse('This user cannot be deleted while they have an open loan');
    }
    await deleteUserSessions(tx, user.id);
    await tx.delete(userTokens).where(eq(userTokens.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(cards).where(eq(cards.userId, user.id));
    await tx.delete(linkedBanks).where(eq(linkedBanks.userId, user.id));
    const closedAt = new Date();
    await tx
      .update(users)
      .set({
        email: `closed-${user.id}@closed.invalid`,
        passwordHash: unusableHash,
        firstName: 'Closed',
        lastName: 'account',
        phoneNumber: '',
        dateOfBirth: null,
        street: null,
        city: null,
        state: null,
        zipCode: null,
        country: null,
        avatarUrl: null,
        isBlocked: true,
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        notifyTransactions: false,
        notifySecurity: false,
        notifyMarketing: false,
        notifySupport: false,
        closedAt,
        updatedAt: closedAt,
      })
      .where(eq(users.id, user.id));
    // The audit log is the bank's record of whom it closed: the former identity stays there.
    await recordAudit(tx, {
      event: 'user.deleted',
      userId: user.id,
      actorId: input.actorId,
      email: user.email,
      request: input.request,
      details: {
        old: { name: `${user.firstName} ${user.lastName}`, email: user.email, role: user.role },
        new: { closed: true },
      },
    });
    return { message: 'User deleted successfully' };
  });
}

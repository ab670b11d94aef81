import { randomBytes } from 'node:crypto';
import { hashPassword } from '@bank/auth/password';
import type { Database } from '@bank/db';
import {
  accounts,
  cards,
  linkedBanks,
  loans,
  recoveryCodes,
  transactions,
  users,
  userTokens,
} from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { formatUsd } from '../money/cents.ts';
import { type AdminAct, assertNotLastAdmin, lockForChange, refuse } from './user-guards.ts';

/** Loan statuses that still owe the bank money or a decision: such a customer stays open. */
const OPEN_LOAN_STATUSES = ['pending', 'approved', 'defaulted'] as const;

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
    await assertNotLastAdmin(tx, user);
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

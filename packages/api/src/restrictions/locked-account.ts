import type { Executor } from '@bank/db';
import { accountHolds, accounts, users } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditEvent } from '../audit/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import type { Restrictions } from '../ledger/account-state.ts';
import { publishEvent } from '../realtime/events.ts';
import { restrictionEmail } from './emails.ts';

// What every freeze and hold change shares: the locked account, and the announcement of the
// change to the audit log, the customer's screens and their inbox.

export type Deps = Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'>;
export interface StaffActor {
  id: string;
  request?: RequestInfo | undefined;
}

const accountNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * The customer account named by number, locked for the change (the ledger's write takes the
 * same lock, so a restriction and a movement are ordered). Staff never act on their own account.
 */
export async function lockCustomerAccount(tx: Executor, accountNumber: string, actorId: string) {
  const [row] = await tx
    .select({
      account: accounts,
      closedAt: users.closedAt,
      email: users.email,
      firstName: users.firstName,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.accountNumber, accountNumber), eq(accounts.kind, 'customer')))
    .for('update', { of: accounts });
  if (!row || row.closedAt || !row.account.userId) throw accountNotFound();
  if (row.account.userId === actorId) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You cannot act on your own account' });
  }
  return { ...row.account, userId: row.account.userId, email: row.email, firstName: row.firstName };
}
type LockedAccount = Awaited<ReturnType<typeof lockCustomerAccount>>;

/** A staff change to one customer account, made in one transaction that holds its lock. */
export function changeLockedAccount<Result>(
  deps: Deps,
  actor: StaffActor,
  accountNumber: string,
  change: (tx: Executor, account: LockedAccount) => Promise<Result>,
): Promise<Result> {
  return deps.db.transaction(async (tx) =>
    change(tx, await lockCustomerAccount(tx, accountNumber, actor.id)),
  );
}

/** An account's freeze and the given holds, as the ledger reads restrictions. */
export function restrictionsFrom(
  account: Pick<typeof accounts.$inferSelect, 'restrictionVersion' | 'freezeMode' | 'frozenUntil'>,
  holds: Restrictions['holds'],
): Restrictions {
  return {
    version: account.restrictionVersion,
    freeze: account.freezeMode ? { mode: account.freezeMode, until: account.frozenUntil } : null,
    holds,
  };
}

/** The restrictions of one locked account as the ledger reads them. */
export async function restrictionsOfLocked(
  tx: Executor,
  account: LockedAccount,
): Promise<Restrictions> {
  const holds = await tx
    .select({
      id: accountHolds.id,
      amountCents: accountHolds.amountCents,
      expiresAt: accountHolds.expiresAt,
    })
    .from(accountHolds)
    .where(and(eq(accountHolds.accountId, account.id), isNull(accountHolds.releasedAt)));
  return restrictionsFrom(account, holds);
}

/** Every change moves the version on: the ledger's write compares it with the one it judged by. */
export async function bumpRestrictionVersion(tx: Executor, accountId: string) {
  await tx
    .update(accounts)
    .set({ restrictionVersion: sql`${accounts.restrictionVersion} + 1` })
    .where(eq(accounts.id, accountId));
}

/** Audit, live event and e-mail of a restriction change: in the transaction that made it. */
export async function announce(
  deps: Deps,
  tx: Executor,
  account: LockedAccount,
  change: {
    event: AuditEvent;
    actor: StaffActor;
    details: Record<string, unknown>;
    lines: string[];
    subject: string;
  },
) {
  await recordAudit(tx, {
    event: change.event,
    userId: account.userId,
    actorId: change.actor.id,
    ...(change.actor.request ? { request: change.actor.request } : {}),
    details: { accountNumber: account.accountNumber, ...change.details },
  });
  await publishEvent(tx, account.userId, {
    type: 'account:restrictions',
    data: { accountNumber: account.accountNumber },
  });
  // A service message about the customer's money: sent whatever their marketing choices.
  await deps.mailer.enqueue(
    tx,
    restrictionEmail({
      to: account.email,
      firstName: account.firstName,
      subject: change.subject,
      lines: change.lines,
      url: `${deps.publicUrl}/`,
    }),
  );
}

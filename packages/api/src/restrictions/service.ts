import type { Executor } from '@bank/db';
import type { FreezeMode } from '@bank/db/enums';
import { accountHolds, accounts, users } from '@bank/db/schema';
import type { freezeInput, holdInput } from '@bank/validators/restrictions';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApprovalDto,
  requestApproval,
  type SecondApprover,
  toApprovalDto,
} from '../approvals/requests.ts';
import type { AuditEvent } from '../audit/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import {
  activeFreeze,
  availableCents,
  heldCents,
  type Restrictions,
} from '../ledger/account-state.ts';
import { formatUsd, toCents, toDollars } from '../money/cents.ts';
import { publishEvent } from '../realtime/events.ts';
import { getBankSettings } from '../settings/service.ts';
import { ownAccount } from '../transactions/reversal.ts';
import { restrictionEmail } from './emails.ts';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'publicUrl'>;
export interface StaffActor {
  id: string;
  request?: RequestInfo | undefined;
}

const accountNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** A calendar day alone means the end of that day in UTC; a date-time is taken as written. */
export function expiryOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

function futureExpiry(value: string | undefined, now: Date): Date | null {
  if (value === undefined) return null;
  const at = expiryOf(value);
  if (at <= now) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Expiry must be in the future',
    });
  }
  return at;
}

/**
 * The customer account named by number, locked for the change (the ledger's write takes the
 * same lock, so a restriction and a movement are ordered). Staff never act on their own account.
 */
async function lockCustomerAccount(tx: Executor, accountNumber: string, actorId: string) {
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

/** The restrictions of one locked account as the ledger reads them. */
async function restrictionsOfLocked(tx: Executor, account: LockedAccount): Promise<Restrictions> {
  const holds = await tx
    .select({
      id: accountHolds.id,
      amountCents: accountHolds.amountCents,
      expiresAt: accountHolds.expiresAt,
    })
    .from(accountHolds)
    .where(and(eq(accountHolds.accountId, account.id), isNull(accountHolds.releasedAt)));
  return {
    version: account.restrictionVersion,
    freeze: account.freezeMode ? { mode: account.freezeMode, until: account.frozenUntil } : null,
    holds,
  };
}

/** Audit, live event and e-mail of a restriction change: in the transaction that made it. */
async function announce(
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

const freezeWords: Record<FreezeMode, string> = {
  all: 'all payments into and out of',
  debits: 'payments out of',
  credits: 'payments into',
};

const untilText = (at: Date | null) => (at ? ` until ${at.toUTCString()}` : '');

/** POST /admin/accounts/{accountNumber}/freeze: sets (or replaces) the account's freeze. */
export async function freezeAccount(
  deps: Deps,
  actor: StaffActor,
  input: z.output<typeof freezeInput>,
  now = new Date(),
) {
  const until = futureExpiry(input.expiresAt, now);
  return deps.db.transaction(async (tx) => {
    const account = await lockCustomerAccount(tx, input.accountNumber, actor.id);
    await tx
      .update(accounts)
      .set({
        freezeMode: input.mode,
        freezeReason: input.reason,
        frozenForFraud: input.fraud ?? false,
        frozenUntil: until,
        frozenAt: now,
        frozenById: actor.id,
        restrictionVersion: sql`${accounts.restrictionVersion} + 1`,
      })
      .where(eq(accounts.id, account.id));
    await announce(deps, tx, account, {
      event: 'account.frozen',
      actor,
      details: {
        mode: input.mode,
        reason: input.reason,
        fraud: input.fraud ?? false,
        expiresAt: until?.toISOString() ?? null,
      },
      subject: 'Your account is frozen',
      lines: [
        `We have stopped ${freezeWords[input.mode]} your account ${account.accountNumber}${untilText(until)}.`,
        'Please contact support to learn more.',
      ],
    });
    return {
      message: 'Account frozen',
      freeze: {
        accountNumber: account.accountNumber,
        mode: input.mode,
        reason: input.reason,
        expiresAt: until?.toISOString() ?? null,
        frozenAt: now.toISOString(),
        fraud: input.fraud ?? false,
      },
    };
  });
}

/** DELETE /admin/accounts/{accountNumber}/freeze: lifts a freeze still in force. */
export async function liftFreeze(
  deps: Deps,
  actor: StaffActor,
  accountNumber: string,
  now = new Date(),
  approved?: SecondApprover,
): Promise<{ message: string; approval?: ApprovalDto }> {
  return deps.db.transaction(async (tx) => {
    const account = await lockCustomerAccount(tx, accountNumber, actor.id);
    if (approved && account.userId === approved.checkerId) throw ownAccount();
    const restrictions = await restrictionsOfLocked(tx, account);
    const freeze = activeFreeze(restrictions, now);
    if (!freeze) throw conflict('This account is not frozen');
    const { freezeLiftNeedsApproval } = await getBankSettings(tx);
    // Four eyes: a freeze set for suspected fraud is lifted only once a second admin agrees.
    if (account.frozenForFraud && freezeLiftNeedsApproval && !approved) {
      const approval = await requestApproval(
        tx,
        {
          action: 'freeze_lift',
          subjectKey: `freeze_lift:${account.accountNumber}`,
          summary: `Lift the fraud freeze on account ${account.accountNumber}`,
          payload: { accountNumber: account.accountNumber },
          amountCents: null,
          customerId: account.userId,
          makerId: actor.id,
          reason: account.freezeReason ?? 'Lift the fraud freeze',
        },
        { now, request: actor.request },
      );
      return {
        message: 'Lifting the fraud freeze waits for a second administrator',
        approval: toApprovalDto(approval),
      };
    }
    await tx
      .update(accounts)
      .set({
        freezeMode: null,
        freezeReason: null,
        frozenUntil: null,
        frozenAt: null,
        frozenById: null,
        frozenForFraud: false,
        restrictionVersion: sql`${accounts.restrictionVersion} + 1`,
      })
      .where(eq(accounts.id, account.id));
    await announce(deps, tx, account, {
      event: 'account.unfrozen',
      actor,
      details: {
        mode: freeze.mode,
        ...(approved ? { approvedBy: approved.checkerId, approvalId: approved.approvalId } : {}),
      },
      subject: 'Your account is no longer frozen',
      lines: [`Payments into and out of your account ${account.accountNumber} work again.`],
    });
    return { message: 'Freeze lifted' };
  });
}

function holdDto(hold: typeof accountHolds.$inferSelect, accountNumber: string, now: Date) {
  return {
    id: hold.id,
    accountNumber,
    amount: toDollars(hold.amountCents),
    reason: hold.reason,
    expiresAt: hold.expiresAt.toISOString(),
    createdAt: hold.createdAt.toISOString(),
    releasedAt: hold.releasedAt?.toISOString() ?? null,
    active: hold.releasedAt === null && hold.expiresAt > now,
  };
}

/**
 * POST /admin/accounts/{accountNumber}/holds: keeps `amount` back until `expiresAt`. A hold
 * covers money that is there: it may not exceed what is available now.
 */
export async function placeHold(
  deps: Deps,
  actor: StaffActor,
  input: z.output<typeof holdInput>,
  now = new Date(),
) {
  const until = futureExpiry(input.expiresAt, now);
  if (!until) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Expiry is required' });
  const amountCents = toCents(input.amount);
  return deps.db.transaction(async (tx) => {
    const account = await lockCustomerAccount(tx, input.accountNumber, actor.id);
    const restrictions = await restrictionsOfLocked(tx, account);
    const available = availableCents({ balanceCents: account.balanceCents, restrictions }, now);
    if (amountCents > available) {
      throw conflict(`The hold exceeds the available balance of ${formatUsd(available)}`);
    }
    const [hold] = await tx
      .insert(accountHolds)
      .values({
        accountId: account.id,
        amountCents,
        reason: input.reason,
        expiresAt: until,
        createdById: actor.id,
        createdAt: now,
      })
      .returning();
    if (!hold) throw new Error('hold insert returned nothing');
    await tx
      .update(accounts)
      .set({ restrictionVersion: sql`${accounts.restrictionVersion} + 1` })
      .where(eq(accounts.id, account.id));
    await announce(deps, tx, account, {
      event: 'account.hold_placed',
      actor,
      details: {
        holdId: hold.id,
        amount: toDollars(amountCents),
        reason: input.reason,
        expiresAt: until.toISOString(),
      },
      subject: 'An amount on your account is on hold',
      lines: [
        `${formatUsd(amountCents)} of your account ${account.accountNumber} is on hold${untilText(until)}.`,
        'It stays in your balance but cannot be spent meanwhile. Please contact support to learn more.',
      ],
    });
    return { message: 'Hold placed', hold: holdDto(hold, account.accountNumber, now) };
  });
}

/** DELETE /admin/holds/{id}: releases a hold still in force. */
export async function releaseHold(deps: Deps, actor: StaffActor, holdId: string, now = new Date()) {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ accountNumber: accounts.accountNumber })
      .from(accountHolds)
      .innerJoin(accounts, eq(accounts.id, accountHolds.accountId))
      .where(eq(accountHolds.id, holdId));
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Hold not found' });
    const account = await lockCustomerAccount(tx, found.accountNumber, actor.id);
    const [hold] = await tx.select().from(accountHolds).where(eq(accountHolds.id, holdId));
    if (!hold || hold.releasedAt !== null || hold.expiresAt <= now) {
      throw conflict('This hold is no longer active');
    }
    const [released] = await tx
      .update(accountHolds)
      .set({ releasedAt: now, releasedById: actor.id })
      .where(eq(accountHolds.id, holdId))
      .returning();
    if (!released) throw new Error('hold update returned nothing');
    await tx
      .update(accounts)
      .set({ restrictionVersion: sql`${accounts.restrictionVersion} + 1` })
      .where(eq(accounts.id, account.id));
    await announce(deps, tx, account, {
      event: 'account.hold_released',
      actor,
      details: { holdId, amount: toDollars(hold.amountCents) },
      subject: 'A hold on your account was released',
      lines: [
        `${formatUsd(hold.amountCents)} of your account ${account.accountNumber} is free to use again.`,
      ],
    });
    return { message: 'Hold released', hold: holdDto(released, account.accountNumber, now) };
  });
}

/**
 * Every account of a user with its freeze and holds as they stand at `now` (expired ones no
 * longer apply), and the available balance: the staff view, with reasons and recent history.
 */
export async function restrictionsOfUser(db: Executor, userId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const ids = rows.map((row) => row.id);
  const holds =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(accountHolds)
          .where(inArray(accountHolds.accountId, ids))
          .orderBy(desc(accountHolds.createdAt))
          .limit(50);
  return rows.map((account) => {
    const own = holds.filter((hold) => hold.accountId === account.id);
    const restrictions: Restrictions = {
      version: account.restrictionVersion,
      freeze: account.freezeMode ? { mode: account.freezeMode, until: account.frozenUntil } : null,
      holds: own
        .filter((hold) => hold.releasedAt === null)
        .map((hold) => ({ id: hold.id, amountCents: hold.amountCents, expiresAt: hold.expiresAt })),
    };
    const freeze = activeFreeze(restrictions, now);
    return {
      accountNumber: account.accountNumber,
      balance: toDollars(account.balanceCents),
      available: toDollars(
        availableCents({ balanceCents: account.balanceCents, restrictions }, now),
      ),
      held: toDollars(heldCents(restrictions, now)),
      freeze: freeze
        ? {
            mode: freeze.mode,
            reason: account.freezeReason ?? '',
            expiresAt: freeze.until?.toISOString() ?? null,
            frozenAt: account.frozenAt?.toISOString() ?? null,
            fraud: account.frozenForFraud,
          }
        : null,
      holds: own.map((hold) => holdDto(hold, account.accountNumber, now)),
    };
  });
}

/**
 * What the customer is told (dashboard): which of their accounts is frozen and how, the holds
 * in force with their amount and expiry (not staff's reasons), and the available balance.
 */
export async function restrictionsForCustomer(db: Executor, userId: string, now = new Date()) {
  const all = await restrictionsOfUser(db, userId, now);
  return all.map((account) => ({
    accountNumber: account.accountNumber,
    available: account.available,
    held: account.held,
    freeze: account.freeze
      ? { mode: account.freeze.mode, expiresAt: account.freeze.expiresAt }
      : null,
    holds: account.holds
      .filter((hold) => hold.active)
      .map((hold) => ({ id: hold.id, amount: hold.amount, expiresAt: hold.expiresAt })),
  }));
}

import type { Executor } from '@bank/db';
import type { FreezeMode } from '@bank/db/enums';
import { accountHolds, accounts } from '@bank/db/schema';
import type { freezeInput, holdInput } from '@bank/validators/restrictions';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApprovalDto,
  requestApproval,
  type SecondApprover,
  toApprovalDto,
} from '../approvals/requests.ts';
import { activeFreeze, availableCents } from '../ledger/account-state.ts';
import { formatUsd, toCents, toDollars } from '../money/cents.ts';
import { getBankSettings } from '../settings/service.ts';
import { ownAccount } from '../transactions/reversal.ts';
import { futureExpiry, untilText } from './expiry.ts';
import {
  announce,
  bumpRestrictionVersion,
  changeLockedAccount,
  conflict,
  type Deps,
  lockCustomerAccount,
  restrictionsOfLocked,
  type StaffActor,
} from './locked-account.ts';

const freezeWords: Record<FreezeMode, string> = {
  all: 'all payments into and out of',
  debits: 'payments out of',
  credits: 'payments into',
};

/** Sets the account's freeze, or clears it with `null`, and moves its restriction version on. */
async function writeFreeze(
  tx: Executor,
  accountId: string,
  freeze: {
    mode: FreezeMode;
    reason: string;
    fraud: boolean;
    until: Date | null;
    at: Date;
    byId: string;
  } | null,
) {
  await tx
    .update(accounts)
    .set({
      freezeMode: freeze?.mode ?? null,
      freezeReason: freeze?.reason ?? null,
      frozenForFraud: freeze?.fraud ?? false,
      frozenUntil: freeze?.until ?? null,
      frozenAt: freeze?.at ?? null,
      frozenById: freeze?.byId ?? null,
      restrictionVersion: sql`${accounts.restrictionVersion} + 1`,
    })
    .where(eq(accounts.id, accountId));
}

/** POST /admin/accounts/{accountNumber}/freeze: sets (or replaces) the account's freeze. */
export async function freezeAccount(
  deps: Deps,
  actor: StaffActor,
  input: z.output<typeof freezeInput>,
  now = new Date(),
) {
  const until = futureExpiry(input.expiresAt, now);
  return changeLockedAccount(deps, actor, input.accountNumber, async (tx, account) => {
    await writeFreeze(tx, account.id, {
      mode: input.mode,
      reason: input.reason,
      fraud: input.fraud ?? false,
      until,
      at: now,
      byId: actor.id,
    });
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
  return changeLockedAccount(deps, actor, accountNumber, async (tx, account) => {
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
    await writeFreeze(tx, account.id, null);
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

export function holdDto(hold: typeof accountHolds.$inferSelect, accountNumber: string, now: Date) {
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
  return changeLockedAccount(deps, actor, input.accountNumber, async (tx, account) => {
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
    await bumpRestrictionVersion(tx, account.id);
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
    await bumpRestrictionVersion(tx, account.id);
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

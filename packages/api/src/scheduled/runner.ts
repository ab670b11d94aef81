import type { Executor } from '@bank/db';
import {
  accounts,
  payees,
  scheduledTransferOccurrences,
  scheduledTransfers,
  users,
} from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listAccountDetails } from '../accounts/details.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps } from '../deps.ts';
import { errorCodeOf } from '../errors.ts';
import type { PayeeTarget } from '../ledger/kinds/transfer.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { payeeTarget } from '../payees/service.ts';
import { addDays, bankToday, instantOn } from './dates.ts';
import type { ScheduleRow } from './dto.ts';
import { type NoticeSubject, tellCustomer } from './notices.ts';
import { type Attempt, recordOccurrence, scheduledTransferPosting } from './posting.ts';

/** How often each instance looks for due occurrences: "within a minute of becoming due". */
export const SCHEDULE_RUN_INTERVAL_MS = 30_000;

/** Too little money: tried once more at this hour of the same day (bank time), else an hour later. */
const RETRY_HOUR = 17;
const RETRY_AFTER_MS = 60 * 60_000;

/** At most this many schedules a pass; the next pass takes the rest. */
const BATCH = 100;

export interface RunReport {
  paid: number;
  failed: number;
  retrying: number;
  suspended: number;
  noticesSent: number;
  /** Waiting: maintenance mode, or a refusal that is not an answer (a conflict, an outage). */
  waiting: boolean;
}

/**
 * Pays what is due: every active schedule whose next date is today or earlier (bank time), one
 * date at a time, through the ledger's front door. Safe on every instance at once and after a
 * crash: each try is keyed by schedule and date (posting.ts), and the outcome is recorded only
 * by whoever still finds the schedule at that date. Under maintenance nothing runs; the dates
 * wait and are paid after.
 */
export async function runDueScheduledTransfers(deps: AppDeps): Promise<RunReport> {
  const report: RunReport = {
    paid: 0,
    failed: 0,
    retrying: 0,
    suspended: 0,
    noticesSent: 0,
    waiting: false,
  };
  const settings = await deps.settings.get();
  if (settings.maintenanceMode) return { ...report, waiting: true };
  const now = deps.now();
  const today = bankToday(now, settings.timeZone);
  report.noticesSent = await sendLowBalanceNotices(deps, today);
  // Passes until nothing is left (a schedule behind by several dates pays them in order), or
  // until a pass moved nothing on (only retries waiting for their hour).
  for (let pass = 0; pass < 50; pass += 1) {
    const due = await deps.db
      .select()
      .from(scheduledTransfers)
      .where(
        and(eq(scheduledTransfers.status, 'active'), lte(scheduledTransfers.nextRunDate, today)),
      )
      .orderBy(asc(scheduledTransfers.nextRunDate), asc(scheduledTransfers.id))
      .limit(BATCH);
    let progressed = false;
    for (const schedule of due) {
      const outcome = await runOccurrence(deps, schedule, now, settings.timeZone);
      if (outcome === 'waiting') report.waiting = true;
      else if (outcome !== 'not yet') {
        report[outcome] += 1;
        progressed = true;
      }
    }
    if (!progressed || due.length === 0) break;
  }
  return report;
}

type Outcome = 'paid' | 'failed' | 'retrying' | 'suspended' | 'not yet' | 'waiting';

async function runOccurrence(
  deps: AppDeps,
  schedule: ScheduleRow,
  now: Date,
  timeZone: string,
): Promise<Outcome> {
  const date = schedule.nextRunDate;
  if (date === null) return 'not yet';
  const [earlier] = await deps.db
    .select()
    .from(scheduledTransferOccurrences)
    .where(
      and(
        eq(scheduledTransferOccurrences.scheduleId, schedule.id),
        eq(scheduledTransferOccurrences.date, date),
      ),
    );
  let attempt: Attempt = 'first';
  if (earlier?.status === 'retrying') {
    if (earlier.retryAt && earlier.retryAt > now) return 'not yet';
    attempt = 'retry';
  }
  const party = await parties(deps, schedule);
  if ('suspend' in party) return suspend(deps, schedule, party.suspend);
  const posting = scheduledTransferPosting(
    {
      user: party.user,
      input: {
        type: 'transfer',
        payeeId: schedule.payeeId,
        amount: toDollars(schedule.amountCents),
        ...(schedule.description ? { description: schedule.description } : {}),
        currency: 'USD',
      },
      amountCents: schedule.amountCents,
      payee: party.payee,
    },
    schedule,
    date,
    attempt,
  );
  try {
    const posted = await deps.ledger.submit(posting);
    // Another instance paid it first (its answer replayed here): it recorded it too, but a
    // crash between the two is covered by recording it again (a no-op when already there).
    if (posted.replayed)
      await recordOccurrence(deps.db, schedule, date, {
        status: 'completed',
        transactionId: posted.value.transaction.id,
        reason: null,
      });
    return 'paid';
  } catch (error) {
    if (!(error instanceof TRPCError) || !isAnswer(error)) {
      if (error instanceof TRPCError) return 'waiting';
      throw error;
    }
    const code = errorCodeOf(error);
    if (code === 'NOT_FOUND' || code === 'ACCOUNT_NOT_FOUND' || code === 'ACCOUNT_CANNOT_RECEIVE')
      return suspend(deps, schedule, payeeGone);
    if (isShortOfMoney(error) && attempt === 'first')
      return awaitRetry(deps, schedule, date, retryTime(date, now, timeZone));
    return fail(deps, schedule, date, party.payee.name, reasonOf(error));
  }
}

const payeeGone = 'The payee was removed or its account is closed';

/** Refusals a rule gave (stored under the key): the occurrence's answer. Anything else waits. */
function isAnswer(error: TRPCError): boolean {
  return error.code === 'BAD_REQUEST' || error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND';
}

function isShortOfMoney(error: TRPCError): boolean {
  // Holds answer "Insufficient funds: $x available ($y on hold)" without the code.
  return (
    errorCodeOf(error) === 'INSUFFICIENT_FUNDS' || error.message.startsWith('Insufficient funds')
  );
}

function reasonOf(error: TRPCError): string {
  return isShortOfMoney(error) ? 'Insufficient funds' : error.message;
}

/** Later the same day: at RETRY_HOUR, or an hour after the first try if that is later. */
function retryTime(date: string, now: Date, timeZone: string): Date {
  const atHour = instantOn(date, RETRY_HOUR, timeZone);
  const soonest = new Date(now.getTime() + RETRY_AFTER_MS);
  return atHour > soonest ? atHour : soonest;
}

const holder = alias(users, 'holder');

/** Who pays and who is paid, as the schedule's run finds them; or why it cannot run at all. */
async function parties(
  deps: AppDeps,
  schedule: ScheduleRow,
): Promise<{ user: typeof users.$inferSelect; payee: PayeeTarget } | { suspend: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, schedule.userId));
  if (!user || user.closedAt !== null) return { suspend: 'The customer’s account is closed' };
  if (user.isBlocked) return { suspend: 'The customer is blocked by the bank' };
  const [payee] = await deps.db
    .select({
      removedAt: payees.removedAt,
      holderClosedAt: holder.closedAt,
    })
    .from(payees)
    .leftJoin(accounts, eq(accounts.id, payees.accountId))
    .leftJoin(holder, eq(holder.id, accounts.userId))
    .where(eq(payees.id, schedule.payeeId));
  if (!payee || payee.removedAt !== null) return { suspend: 'The payee was removed' };
  if (payee.holderClosedAt !== null) return { suspend: 'The payee’s account is closed' };
  return { user, payee: await payeeTarget(deps, schedule.userId, schedule.payeeId) };
}

/** The bank stops a schedule that cannot run; the customer is told why (once). */
async function suspend(deps: AppDeps, schedule: ScheduleRow, reason: string): Promise<Outcome> {
  await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(scheduledTransfers)
      .set({ status: 'suspended', statusReason: reason, updatedAt: sql`now()` })
      .where(and(eq(scheduledTransfers.id, schedule.id), eq(scheduledTransfers.status, 'active')))
      .returning();
    if (!saved) return;
    await recordAudit(tx, {
      event: 'scheduled_transfer.suspended',
      userId: schedule.userId,
      actorId: null,
      details: { scheduledTransferId: schedule.id, payeeId: schedule.payeeId, reason },
    });
    await tellCustomer(deps, tx, 'suspended', await subjectOf(tx, schedule), reason);
  });
  return 'suspended';
}

async function awaitRetry(
  deps: AppDeps,
  schedule: ScheduleRow,
  date: string,
  retryAt: Date,
): Promise<Outcome> {
  await deps.db
    .insert(scheduledTransferOccurrences)
    .values({
      scheduleId: schedule.id,
      date,
      status: 'retrying',
      amountCents: schedule.amountCents,
      reason: 'Insufficient funds: tried again later today',
      retryAt,
    })
    .onConflictDoNothing();
  return 'retrying';
}

async function fail(
  deps: AppDeps,
  schedule: ScheduleRow,
  date: string,
  payeeName: string,
  reason: string,
): Promise<Outcome> {
  await deps.db.transaction(async (tx) => {
    const recorded = await recordOccurrence(tx, schedule, date, {
      status: 'failed',
      transactionId: null,
      reason,
    });
    if (recorded)
      await tellCustomer(deps, tx, 'failed', subject(schedule, payeeName, date), reason);
  });
  return 'failed';
}

function subject(schedule: ScheduleRow, payeeName: string, date: string): NoticeSubject {
  return {
    scheduleId: schedule.id,
    userId: schedule.userId,
    payeeName,
    amountCents: schedule.amountCents,
    date,
  };
}

async function subjectOf(tx: Executor, schedule: ScheduleRow): Promise<NoticeSubject> {
  const [payee] = await tx
    .select({ name: payees.name })
    .from(payees)
    .where(eq(payees.id, schedule.payeeId));
  return subject(schedule, payee?.name ?? 'your payee', schedule.nextRunDate ?? '');
}

/**
 * The day before: a customer whose available balance will not cover tomorrow's payments is
 * told, once for each payment it leaves uncovered.
 */
async function sendLowBalanceNotices(deps: AppDeps, today: string): Promise<number> {
  const tomorrow = addDays(today, 1);
  const due = await deps.db
    .select()
    .from(scheduledTransfers)
    .where(
      and(
        eq(scheduledTransfers.status, 'active'),
        eq(scheduledTransfers.nextRunDate, tomorrow),
        or(
          isNull(scheduledTransfers.lowBalanceNoticeFor),
          ne(scheduledTransfers.lowBalanceNoticeFor, tomorrow),
        ),
      ),
    )
    .orderBy(asc(scheduledTransfers.userId), asc(scheduledTransfers.createdAt))
    .limit(BATCH);
  let sent = 0;
  const settings = await deps.settings.get();
  const byUser = new Map<string, ScheduleRow[]>();
  for (const row of due) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, schedules] of byUser) {
    // Every payment of tomorrow counts, those already told about too.
    const [totals] = await deps.db
      .select({
        total: sql<string>`coalesce(sum(${scheduledTransfers.amountCents}), 0)::text`,
      })
      .from(scheduledTransfers)
      .where(
        and(
          eq(scheduledTransfers.userId, userId),
          eq(scheduledTransfers.status, 'active'),
          eq(scheduledTransfers.nextRunDate, tomorrow),
        ),
      );
    const [account] = (await listAccountDetails(deps.db, settings, userId)).data;
    if (!account) continue;
    if (BigInt(totals?.total ?? '0') <= toCents(account.available)) continue;
    for (const schedule of schedules) {
      await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(scheduledTransfers)
          .set({ lowBalanceNoticeFor: tomorrow })
          .where(
            and(
              eq(scheduledTransfers.id, schedule.id),
              or(
                isNull(scheduledTransfers.lowBalanceNoticeFor),
                ne(scheduledTransfers.lowBalanceNoticeFor, tomorrow),
              ),
            ),
          )
          .returning();
        if (!claimed) return;
        await tellCustomer(deps, tx, 'low_balance', await subjectOf(tx, claimed));
        sent += 1;
      });
    }
  }
  return sent;
}

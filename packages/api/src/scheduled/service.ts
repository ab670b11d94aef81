import type { Executor } from '@bank/db';
import { payees, scheduledTransferOccurrences, scheduledTransfers } from '@bank/db/schema';
import type { AuditEvent } from '@bank/validators/audit-events';
import {
  scheduledTransferInput,
  type scheduledTransferUpdateInput,
  scheduleMessages,
} from '@bank/validators/scheduled';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { toCents } from '../money/cents.ts';
import { payeeById } from '../payees/service.ts';
import { bankToday, firstDate, nextOccurrence } from './dates.ts';
import { type ScheduleRow, toOccurrenceDto, toScheduleDto } from './dto.ts';
import { tellCustomer } from './notices.ts';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: scheduleMessages.notFound });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** Statuses a customer can still change: the others are over. */
const open = ['active', 'paused', 'suspended'] as const;

async function today(deps: Pick<AppDeps, 'settings' | 'now'>): Promise<string> {
  return bankToday(deps.now(), (await deps.settings.get()).timeZone);
}

/** A schedule with its payee (removed payees too: the history still names them). */
async function withPayees(db: Executor, rows: ScheduleRow[]) {
  if (rows.length === 0) return [];
  const payeeRows = await db
    .select()
    .from(payees)
    .where(inArray(payees.id, [...new Set(rows.map((row) => row.payeeId))]));
  const byId = new Map(payeeRows.map((payee) => [payee.id, payee]));
  return rows.flatMap((row) => {
    const payee = byId.get(row.payeeId);
    return payee ? [toScheduleDto(row, payee)] : [];
  });
}

export async function ownSchedule(db: Executor, userId: string, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(scheduledTransfers)
    .where(and(eq(scheduledTransfers.id, id), eq(scheduledTransfers.userId, userId)));
  if (!row) throw notFound();
  return row;
}

async function audit(
  tx: Executor,
  event: AuditEvent,
  row: ScheduleRow,
  actorId: string | null,
  request?: RequestInfo,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    event,
    userId: row.userId,
    actorId,
    ...(request ? { request } : {}),
    details: { scheduledTransferId: row.id, payeeId: row.payeeId, ...details },
  });
}

/**
 * A customer's schedules, for them and for staff on the user page: open ones first, by their next
 * date; then the ones that are over, newest first.
 */
export async function listSchedules(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(scheduledTransfers)
    .where(eq(scheduledTransfers.userId, userId))
    .orderBy(
      sql`${scheduledTransfers.status} in ('active', 'paused', 'suspended') desc`,
      sql`${scheduledTransfers.nextRunDate} asc nulls last`,
      desc(scheduledTransfers.createdAt),
    )
    .limit(200);
  return { data: await withPayees(db, rows) };
}

/** One schedule, what became of its dates so far, and the next few it will pay. */
export async function scheduleDetail(db: Executor, userId: string, id: string) {
  const row = await ownSchedule(db, userId, id);
  const [dto] = await withPayees(db, [row]);
  if (!dto) throw notFound();
  const occurrences = await db
    .select()
    .from(scheduledTransferOccurrences)
    .where(eq(scheduledTransferOccurrences.scheduleId, id))
    .orderBy(desc(scheduledTransferOccurrences.date))
    .limit(120);
  return {
    data: {
      ...dto,
      occurrences: occurrences.map(toOccurrenceDto),
      upcoming: upcomingDates(row, 5),
    },
  };
}

/** The next `limit` dates an open schedule will pay, from its next one. */
export function upcomingDates(row: ScheduleRow, limit: number): string[] {
  if (row.status === 'cancelled' || row.status === 'completed' || row.nextRunDate === null)
    return [];
  const dates = [row.nextRunDate];
  let made = row.occurrencesMade + 1;
  while (dates.length < limit) {
    const last = dates[dates.length - 1] ?? row.nextRunDate;
    const next = nextOccurrence(row, last, made);
    if (next === null) break;
    dates.push(next);
    made += 1;
  }
  return dates;
}

export async function createSchedule(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  raw: z.input<typeof scheduledTransferInput>,
) {
  const input = scheduledTransferInput.parse(raw);
  // Only the customer's own payee that is still saved: another's id is not found.
  await payeeById(deps.db, auth.user.id, input.payeeId);
  const first = firstDate(input.startDate, input.frequency);
  if (input.startDate < (await today(deps))) throw badRequest(scheduleMessages.startInPast);
  if (input.endDate !== undefined && first > input.endDate)
    throw badRequest(scheduleMessages.endBeforeStart);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(scheduledTransfers)
      .values({
        userId: auth.user.id,
        payeeId: input.payeeId,
        amountCents: toCents(input.amount),
        description: input.description,
        frequency: input.frequency,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        count: input.count ?? null,
        nextRunDate: first,
      })
      .returning();
    if (!created) throw new Error('The schedule was not saved');
    await audit(tx, 'scheduled_transfer.created', created, auth.user.id, request, {
      amount: input.amount,
      frequency: input.frequency,
      startDate: input.startDate,
    });
    return created;
  });
  const [dto] = await withPayees(deps.db, [row]);
  if (!dto) throw notFound();
  return { message: 'Transfer scheduled', scheduledTransfer: dto };
}

/**
 * Changes the amount, the description, or the next date (the series goes on from there). Only
 * before the day: on the day the payment is under way.
 */
export async function updateSchedule(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  input: z.output<typeof scheduledTransferUpdateInput>,
) {
  const now = await today(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(scheduledTransfers)
      .where(and(eq(scheduledTransfers.id, input.id), eq(scheduledTransfers.userId, auth.user.id)))
      .for('update');
    if (!current) throw notFound();
    if (!open.some((status) => status === current.status) || current.nextRunDate === null)
      throw conflict('This scheduled transfer is over and can no longer be changed');
    if (current.nextRunDate <= now) throw conflict(scheduleMessages.dueToday);
    if (input.date !== undefined) {
      if (input.date < now) throw badRequest(scheduleMessages.startInPast);
      if (current.endDate !== null && input.date > current.endDate)
        throw badRequest('The date must be on or before the end date');
    }
    const changes = {
      ...(input.amount === undefined ? {} : { amountCents: toCents(input.amount) }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.date === undefined ? {} : { startDate: input.date, nextRunDate: input.date }),
    };
    const [saved] = await tx
      .update(scheduledTransfers)
      // A new amount or date deserves a fresh look at whether the money is there.
      .set({ ...changes, lowBalanceNoticeFor: null, updatedAt: new Date() })
      .where(eq(scheduledTransfers.id, current.id))
      .returning();
    if (!saved) throw notFound();
    await audit(tx, 'scheduled_transfer.changed', saved, auth.user.id, request, {
      changed: Object.keys(input).filter((key) => key !== 'id'),
    });
    return saved;
  });
  const [dto] = await withPayees(deps.db, [row]);
  if (!dto) throw notFound();
  return { message: 'Scheduled transfer updated', scheduledTransfer: dto };
}

/** Moves a schedule from one of `from` to `to`, atomically; 409 from any other status. */
async function changeStatus(
  deps: AppDeps,
  tx: Executor,
  where: { id: string; userId?: string },
  from: readonly ScheduleRow['status'][],
  set: Partial<ScheduleRow>,
) {
  const [current] = await tx
    .select()
    .from(scheduledTransfers)
    .where(
      and(
        eq(scheduledTransfers.id, where.id),
        where.userId ? eq(scheduledTransfers.userId, where.userId) : undefined,
      ),
    )
    .for('update');
  if (!current) throw notFound();
  if (!from.includes(current.status))
    throw conflict(`This scheduled transfer is ${current.status}`);
  const [saved] = await tx
    .update(scheduledTransfers)
    .set({ ...set, updatedAt: deps.now() })
    .where(eq(scheduledTransfers.id, current.id))
    .returning();
  if (!saved) throw notFound();
  return { before: current, saved };
}

export async function pauseSchedule(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  id: string,
) {
  const row = await deps.db.transaction(async (tx) => {
    const { saved } = await changeStatus(deps, tx, { id, userId: auth.user.id }, ['active'], {
      status: 'paused',
    });
    await audit(tx, 'scheduled_transfer.paused', saved, auth.user.id, request);
    return saved;
  });
  return answer(deps, 'Scheduled transfer paused', row);
}

/**
 * Active again from today: dates that passed while it was paused (or suspended) are recorded
 * as skipped, never paid late.
 */
export async function resumeSchedule(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  id: string,
) {
  const now = await today(deps);
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownSchedule(tx, auth.user.id, id);
    let next = current.nextRunDate;
    let made = current.occurrencesMade;
    const skipped: string[] = [];
    while (next !== null && next < now) {
      skipped.push(next);
      made += 1;
      next = nextOccurrence(current, next, made);
    }
    const reason = current.status === 'suspended' ? current.statusReason : 'Paused';
    const { saved } = await changeStatus(
      deps,
      tx,
      { id, userId: auth.user.id },
      ['paused', 'suspended'],
      {
        status: next === null ? 'completed' : 'active',
        statusReason: null,
        nextRunDate: next,
        occurrencesMade: made,
      },
    );
    if (skipped.length > 0)
      await tx
        .insert(scheduledTransferOccurrences)
        .values(
          skipped.map((date) => ({
            scheduleId: id,
            date,
            status: 'skipped' as const,
            amountCents: current.amountCents,
            reason,
          })),
        )
        .onConflictDoNothing();
    await audit(tx, 'scheduled_transfer.resumed', saved, auth.user.id, request, {
      ...(skipped.length > 0 ? { skipped } : {}),
    });
    return saved;
  });
  return answer(deps, 'Scheduled transfer resumed', row);
}

/** Cancels a schedule: nothing more is paid. An occurrence waiting for its retry is dropped. */
export async function cancelSchedule(
  deps: AppDeps,
  actor: { id: string; staff: boolean },
  request: RequestInfo,
  where: { id: string; userId?: string },
) {
  const row = await deps.db.transaction(async (tx) => {
    const { saved } = await changeStatus(deps, tx, where, open, {
      status: 'cancelled',
      statusReason: actor.staff ? 'Cancelled by the bank' : null,
      nextRunDate: null,
    });
    await tx
      .update(scheduledTransferOccurrences)
      .set({ status: 'skipped', reason: 'Cancelled', retryAt: null, updatedAt: deps.now() })
      .where(
        and(
          eq(scheduledTransferOccurrences.scheduleId, saved.id),
          eq(scheduledTransferOccurrences.status, 'retrying'),
        ),
      );
    await audit(tx, 'scheduled_transfer.cancelled', saved, actor.id, request, {
      ...(actor.staff ? { byStaff: true } : {}),
    });
    if (actor.staff) {
      const [payee] = await tx
        .select({ name: payees.name })
        .from(payees)
        .where(eq(payees.id, saved.payeeId));
      await tellCustomer(deps, tx, 'cancelled', {
        scheduleId: saved.id,
        userId: saved.userId,
        payeeName: payee?.name ?? 'your payee',
        amountCents: saved.amountCents,
        date: '',
      });
    }
    return saved;
  });
  return answer(deps, 'Scheduled transfer cancelled', row);
}

async function answer(deps: AppDeps, message: string, row: ScheduleRow) {
  const [dto] = await withPayees(deps.db, [row]);
  if (!dto) throw notFound();
  return { message, scheduledTransfer: dto };
}

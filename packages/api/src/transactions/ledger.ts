import { randomUUID } from 'node:crypto';
import type { Executor } from '@bank/db';
import { accounts, ledgerEntries, type TimelineEntry, transactions } from '@bank/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountRow } from '../accounts/service.ts';
import { queryRows } from '../db-rows.ts';
import type { TransactionRow } from './dto.ts';
import { utcDay } from './limits.ts';

export function timelineEntry(
  status: TimelineEntry['status'],
  description: string,
  at = new Date(),
): TimelineEntry {
  return { id: randomUUID(), status, description, timestamp: at.toISOString() };
}

export interface Movement {
  type: TransactionRow['type'];
  status: 'pending' | 'completed';
  amountCents: bigint;
  description: string;
  category: string;
  paymentMethod: string;
  notes?: string | null;
  from: Pick<AccountRow, 'id'>;
  to: Pick<AccountRow, 'id'>;
  senderUserId: string | null;
  recipientUserId: string | null;
  recipientName?: string | null;
  recipientAccountNumber?: string | null;
  counterparty?: Record<string, string> | null;
  timeline: TimelineEntry[];
  /**
   * A daily limit checked inside the same statement: what left `from` today (UTC) through this
   * type (its account's outflow total) plus this amount may not exceed `limitCents`. The
   * caller holds the lock on `from`, so every earlier movement of it is counted.
   */
  dailyLimit?: { limitCents: bigint };
}

async function applyEntry(
  db: Executor,
  transactionId: string,
  accountId: string,
  amountCents: bigint,
  /** A returned movement stops counting towards the limits of the day it was made. */
  uncount?: { day: string; transferred: string; withdrawn: string },
) {
  await db.insert(ledgerEntries).values({ transactionId, accountId, amountCents });
  const [row] = await db
    .update(accounts)
    .set({
      balanceCents: sql`${accounts.balanceCents} + ${amountCents}`,
      ...(uncount
        ? {
            transferredOnDayCents: sql`case when ${accounts.outflowDay} = ${uncount.day}::date
              then ${accounts.transferredOnDayCents} - ${uncount.transferred}::bigint
              else ${accounts.transferredOnDayCents} end`,
            withdrawnOnDayCents: sql`case when ${accounts.outflowDay} = ${uncount.day}::date
              then ${accounts.withdrawnOnDayCents} - ${uncount.withdrawn}::bigint
              else ${accounts.withdrawnOnDayCents} end`,
          }
        : {}),
    })
    .where(eq(accounts.id, accountId))
    .returning({ balanceCents: accounts.balanceCents });
  if (!row) throw new Error(`Account ${accountId} vanished`);
  return row.balanceCents;
}

/** What a movement adds to its sender's outflow totals: transfers and withdrawals count. */
function outflowOf(movement: Pick<Movement, 'type' | 'amountCents'>) {
  const amount = movement.amountCents.toString();
  return {
    transferred: movement.type === 'transfer' ? amount : '0',
    withdrawn: movement.type === 'withdraw' ? amount : '0',
  };
}

/**
 * The SET list that adds `x.transferred` and `x.withdrawn` to an account's totals for `day`,
 * starting them afresh on a new day. Totals already on a later day (another instance's clock
 * ran ahead past midnight) are left alone: this movement's day is over.
 */
function countOutflow(day: string, x: SQL) {
  return sql`outflow_day = greatest(a.outflow_day, ${day}::date),
    transferred_on_day_cents = case
      when a.outflow_day = ${day}::date then a.transferred_on_day_cents + ${x}.transferred
      when a.outflow_day > ${day}::date then a.transferred_on_day_cents
      else ${x}.transferred end,
    withdrawn_on_day_cents = case
      when a.outflow_day = ${day}::date then a.withdrawn_on_day_cents + ${x}.withdrawn
      when a.outflow_day > ${day}::date then a.withdrawn_on_day_cents
      else ${x}.withdrawn end`;
}

const movementResult = z.object({
  id: z.string(),
  created_at: z.coerce.date(),
  from_balance: z.string(),
  to_balance: z.string(),
});

/**
 * Writes a movement as a transaction with two entries that sum to zero and moves the cached
 * balances with them, in one statement (one round trip on the hot path). The caller has locked
 * both accounts (lockAccountsInOrder) and checked the balance; the database's check still
 * refuses a customer balance below zero. Answers null when the daily limit would be exceeded.
 */
export async function recordMovement(db: Executor, movement: Movement) {
  const amount = movement.amountCents.toString();
  const negative = (-movement.amountCents).toString();
  const day = utcDay(new Date());
  const outflow = outflowOf(movement);
  const deltas = sql`(values (${movement.from.id}::uuid, ${negative}::bigint, ${outflow.transferred}::bigint, ${outflow.withdrawn}::bigint),
    (${movement.to.id}::uuid, ${amount}::bigint, 0::bigint, 0::bigint)) as x(account_id, amount, transferred, withdrawn)`;
  const limit = movement.dailyLimit;
  const withinLimit = limit
    ? sql`(select case when outflow_day = ${day}::date then
          ${movement.type === 'withdraw' ? sql`withdrawn_on_day_cents` : sql`transferred_on_day_cents`}
          else 0 end from accounts where id = ${movement.from.id}::uuid)
        + ${amount}::bigint <= ${limit.limitCents.toString()}::bigint`
    : sql`true`;
  const [written] = await queryRows(
    db,
    sql`with t as (
      insert into transactions (type, status, amount_cents, description, category, payment_method, notes,
        from_account_id, to_account_id, sender_user_id, recipient_user_id, recipient_name,
        recipient_account_number, counterparty, timeline)
      select ${movement.type}::transaction_type, ${movement.status}::transaction_status, ${amount}::bigint,
        ${movement.description}, ${movement.category}, ${movement.paymentMethod}, ${movement.notes ?? null},
        ${movement.from.id}::uuid, ${movement.to.id}::uuid, ${movement.senderUserId}::uuid, ${movement.recipientUserId}::uuid,
        ${movement.recipientName ?? null}, ${movement.recipientAccountNumber ?? null},
        ${movement.counterparty ? JSON.stringify(movement.counterparty) : null}::jsonb, ${JSON.stringify(movement.timeline)}::jsonb
      where ${withinLimit}
      returning id, created_at
    ), e as (
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select t.id, x.account_id, x.amount from t cross join ${deltas}
    ), u as (
      update accounts a set balance_cents = a.balance_cents + x.amount,
        transaction_count = a.transaction_count + 1, ${countOutflow(day, sql`x`)}
      from ${deltas}
      where a.id = x.account_id and exists (select 1 from t)
      returning a.id, a.balance_cents
    )
    select t.id, t.created_at,
      (select balance_cents::text from u where u.id = ${movement.from.id}::uuid) as from_balance,
      (select balance_cents::text from u where u.id = ${movement.to.id}::uuid) as to_balance
    from t`,
    movementResult,
  );
  if (!written) return null;
  const transaction = storedRow({ ...movement, id: written.id, createdAt: written.created_at });
  return {
    transaction,
    fromBalance: BigInt(written.from_balance),
    toBalance: BigInt(written.to_balance),
  };
}

/** A movement whose rules were checked by the caller, with the id and time it is stored under. */
export interface PlannedMovement extends Omit<Movement, 'dailyLimit'> {
  id: string;
  createdAt: Date;
}

/** An account as the caller read it when it judged the movements: what the write checks. */
export interface AccountState {
  id: string;
  balanceCents: bigint;
  transactionCount: number;
  outflowDay: string | null;
  transferredOnDayCents: bigint;
  withdrawnOnDayCents: bigint;
}

/** What left the account today (UTC) through `type`, as the limits count it. */
export function outflowToday(state: AccountState, day: string, type: 'transfer' | 'withdraw') {
  if (state.outflowDay !== day) return 0n;
  return type === 'transfer' ? state.transferredOnDayCents : state.withdrawnOnDayCents;
}

/**
 * The accounts as `recordMovementsIfUnchanged` will leave them, computed as its statement
 * computes them: a pipelined batch judges against these before the first has committed.
 */
export function statesAfter(
  before: AccountState[],
  movements: PlannedMovement[],
  day: string,
): AccountState[] {
  return before.map((state) => {
    let delta = 0n;
    let count = 0;
    let transferred = 0n;
    let withdrawn = 0n;
    for (const movement of movements) {
      if (movement.from.id === state.id) {
        delta -= movement.amountCents;
        count += 1;
        const outflow = outflowOf(movement);
        transferred += BigInt(outflow.transferred);
        withdrawn += BigInt(outflow.withdrawn);
      }
      if (movement.to.id === state.id) {
        delta += movement.amountCents;
        count += 1;
      }
    }
    if (count === 0) return state;
    const sameDay = state.outflowDay === day;
    const laterDay = state.outflowDay !== null && state.outflowDay > day;
    return {
      id: state.id,
      balanceCents: state.balanceCents + delta,
      transactionCount: state.transactionCount + count,
      outflowDay: laterDay ? state.outflowDay : day,
      transferredOnDayCents: laterDay
        ? state.transferredOnDayCents
        : (sameDay ? state.transferredOnDayCents : 0n) + transferred,
      withdrawnOnDayCents: laterDay
        ? state.withdrawnOnDayCents
        : (sameDay ? state.withdrawnOnDayCents : 0n) + withdrawn,
    };
  });
}

const writtenRow = z.object({
  ok: z.boolean(),
  balances: z.array(z.tuple([z.string(), z.string()])),
});

/**
 * Writes many movements in one statement, and only if every account in `expected` is still
 * as the caller read it when it judged them (balance, count and day totals): each movement a
 * transaction with two entries that sum to zero, every account's cached balance, count and day
 * totals moved once by its net change, the idempotent answers stored with them, and their
 * events NOTIFYed (delivered on commit, to every instance: DESIGN.md 2). The
 * accounts are locked in id order before anything is written, so concurrent writers queue
 * instead of deadlocking. `expected` names every account a decision rested on (refusals
 * included), and may name some that no movement touches: then they are only checked. Answers
 * the balances after, or null when an account had changed (nothing was written: judge again).
 */
export async function recordMovementsIfUnchanged(
  db: Executor,
  movements: PlannedMovement[],
  expected: AccountState[],
  answers: Array<{ userId: string; key: string; data: unknown }>,
  day: string,
  /** NOTIFYs sent with the commit, only if the movements are written. */
  notices: { channel: string; payloads: string[] },
): Promise<Map<string, bigint> | null> {
  const input = JSON.stringify(
    movements.map((m) => ({
      id: m.id,
      type: m.type,
      status: m.status,
      amount_cents: m.amountCents.toString(),
      description: m.description,
      category: m.category,
      payment_method: m.paymentMethod,
      notes: m.notes ?? null,
      from_account_id: m.from.id,
      to_account_id: m.to.id,
      sender_user_id: m.senderUserId,
      recipient_user_id: m.recipientUserId,
      recipient_name: m.recipientName ?? null,
      recipient_account_number: m.recipientAccountNumber ?? null,
      counterparty: m.counterparty ?? null,
      timeline: m.timeline,
      created_at: m.createdAt.toISOString(),
    })),
  );
  const expectedStates = statesJson(expected);
  const touched = new Set(movements.flatMap((movement) => [movement.from.id, movement.to.id]));
  const afterStates = statesJson(
    statesAfter(
      expected.filter((state) => touched.has(state.id)),
      movements,
      day,
    ),
  );
  const stored = JSON.stringify(
    answers.map((answer) => ({ user_id: answer.userId, key: answer.key, response: answer.data })),
  );
  const [written] = await queryRows(
    db,
    sql`with input as materialized (
      select * from jsonb_to_recordset(${input}::jsonb) as x(id uuid, type transaction_type,
        status transaction_status, amount_cents bigint, description text, category text,
        payment_method text, notes text, from_account_id uuid, to_account_id uuid,
        sender_user_id uuid, recipient_user_id uuid, recipient_name text,
        recipient_account_number text, counterparty jsonb, timeline jsonb, created_at timestamptz)
    ), expected as materialized (
      select * from jsonb_to_recordset(${expectedStates}::jsonb) as x(id uuid,
        balance_cents bigint, transaction_count int, outflow_day date, transferred bigint,
        withdrawn bigint)
    ), locked as materialized (
      select a.id, a.balance_cents, a.transaction_count, a.outflow_day,
        a.transferred_on_day_cents, a.withdrawn_on_day_cents
      from accounts a
      where a.id = any(array(select id from expected))
      order by a.id
      for update
    ), unchanged as materialized (
      -- Aggregating pulls every lock (in id order) before any row below is written.
      select count(*) = (select count(*) from expected)
        and coalesce(bool_and(l.balance_cents = x.balance_cents
          and l.transaction_count = x.transaction_count
          and l.outflow_day is not distinct from x.outflow_day
          and l.transferred_on_day_cents = x.transferred
          and l.withdrawn_on_day_cents = x.withdrawn), true) as ok
      from locked l join expected x on x.id = l.id
    ), t as (
      insert into transactions (id, type, status, amount_cents, description, category,
        payment_method, notes, from_account_id, to_account_id, sender_user_id, recipient_user_id,
        recipient_name, recipient_account_number, counterparty, timeline, created_at, updated_at)
      select id, type, status, amount_cents, description, category, payment_method, notes,
        from_account_id, to_account_id, sender_user_id, recipient_user_id, recipient_name,
        recipient_account_number, counterparty, timeline, created_at, created_at
      from input where (select ok from unchanged)
    ), entries as (
      insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
      select id, from_account_id, -amount_cents, created_at from input where (select ok from unchanged)
      union all
      select id, to_account_id, amount_cents, created_at from input where (select ok from unchanged)
    ), after as materialized (
      select * from jsonb_to_recordset(${afterStates}::jsonb) as x(id uuid,
        balance_cents bigint, transaction_count int, outflow_day date, transferred bigint,
        withdrawn bigint)
    ), u as (
      -- The accounts take the states the caller computed from the ones just checked.
      update accounts a set balance_cents = f.balance_cents,
        transaction_count = f.transaction_count, outflow_day = f.outflow_day,
        transferred_on_day_cents = f.transferred, withdrawn_on_day_cents = f.withdrawn
      from after f where a.id = f.id and (select ok from unchanged)
      returning a.id, a.balance_cents
    ), answers as (
      update idempotency_keys k set response = jsonb_build_object('ok', true, 'data', x.response)
      from jsonb_to_recordset(${stored}::jsonb) as x(user_id uuid, key text, response jsonb)
      where k.user_id = x.user_id and k.key = x.key and (select ok from unchanged)
    ), notified as (
      select pg_notify(${notices.channel}, payload)
      from jsonb_array_elements_text(${JSON.stringify(notices.payloads)}::jsonb) as p(payload)
      where (select ok from unchanged)
    )
    select (select ok from unchanged) and (select count(*) from notified) >= 0 as ok,
      coalesce((select jsonb_agg(jsonb_build_array(id::text, balance_cents::text)) from u), '[]'::jsonb)
        as balances`,
    writtenRow,
  );

  if (!written?.ok) return null;
  return new Map(written.balances.map(([id, balance]) => [id, BigInt(balance)]));
}

function statesJson(states: AccountState[]): string {
  return JSON.stringify(
    states.map((state) => ({
      id: state.id,
      balance_cents: state.balanceCents.toString(),
      transaction_count: state.transactionCount,
      outflow_day: state.outflowDay,
      transferred: state.transferredOnDayCents.toString(),
      withdrawn: state.withdrawnOnDayCents.toString(),
    })),
  );
}

/** The transaction row a planned movement became. */
export function storedRow(movement: PlannedMovement): TransactionRow {
  return {
    id: movement.id,
    type: movement.type,
    status: movement.status,
    amountCents: movement.amountCents,
    currency: 'USD',
    description: movement.description,
    category: movement.category,
    paymentMethod: movement.paymentMethod,
    notes: movement.notes ?? null,
    fromAccountId: movement.from.id,
    toAccountId: movement.to.id,
    senderUserId: movement.senderUserId,
    recipientUserId: movement.recipientUserId,
    recipientName: movement.recipientName ?? null,
    recipientAccountNumber: movement.recipientAccountNumber ?? null,
    counterparty: movement.counterparty ?? null,
    timeline: movement.timeline,
    createdAt: movement.createdAt,
    updatedAt: movement.createdAt,
  };
}

/** Returns a pending movement's money (entries the other way) and marks it failed. */
export async function reverseMovement(db: Executor, row: TransactionRow, reason: string) {
  const fromBalance = await applyEntry(db, row.id, row.fromAccountId, row.amountCents, {
    day: utcDay(row.createdAt),
    ...outflowOf(row),
  });
  const toBalance = await applyEntry(db, row.id, row.toAccountId, -row.amountCents);
  const [updated] = await db
    .update(transactions)
    .set({
      status: 'failed',
      updatedAt: new Date(),
      timeline: [
        ...row.timeline,
        timelineEntry('failed', reason),
        timelineEntry('completed', 'Funds returned to your account'),
      ],
    })
    .where(eq(transactions.id, row.id))
    .returning();
  if (!updated) throw new Error('Transaction vanished');
  return { transaction: updated, fromBalance, toBalance };
}

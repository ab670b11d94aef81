import type { Database } from '@bank/db';
import { TRPCError } from '@trpc/server';
import { Batcher, type Settled } from '../batching.ts';
import { EVENTS_CHANNEL, eventPayloads, type QueuedEvent } from '../realtime/events.ts';
import { cachedBankSettings } from '../settings/service.ts';
import type { MovementResult } from './dto.ts';
import {
  type AccountState,
  type PlannedMovement,
  recordMovementsIfUnchanged,
  statesAfter,
  storedRow,
} from './ledger.ts';
import { utcDay } from './limits.ts';
import { announce, result } from './movement-result.ts';
import { withDbRetry } from './retry.ts';
import { readTransferParties } from './transfer-parties.ts';
import { judgeTransfer, type TransferOrder, transferMovement } from './transfer-rules.ts';

/** Judging again after another writer changed an account: this often, then the batch gives up. */
const MAX_ATTEMPTS = 50;

/** Each order's answer; the events went out with the write. */
type Settlement = Settled<MovementResult>[];

type Judgement = Awaited<ReturnType<TransferDesk['judge']>>;

/**
 * Where an instance's transfers are settled (docs/decisions/012). Transfers that arrive
 * together form a batch: one statement reads its accounts, the rules judge each order in
 * arrival order against what the earlier ones left, and one statement writes them all, only
 * if every account a decision rested on is still as read. Two batches run at once: the second
 * judges against the accounts as the first will leave them, and its write queues behind the
 * first's locks; if the first does not commit, the second finds its accounts changed and
 * judges again. Money only ever moves through that checked write.
 */
export class TransferDesk {
  private readonly batcher: Batcher<TransferOrder, MovementResult>;
  /** Accounts as the batches still writing will leave them (the newest attempt's word). */
  private readonly pending = new Map<string, { state: AccountState; attempt: number }>();
  private attempts = 0;
  /** Batches read and judge one at a time; only their writes overlap. */
  private judging = Promise.resolve();

  constructor(private readonly db: Database) {
    this.batcher = new Batcher((orders) => this.settle(orders), {
      maxInFlight: 2,
      maxBatch: 128,
    });
  }

  submit(order: TransferOrder): Promise<MovementResult> {
    return this.batcher.submit(order);
  }

  private async settle(orders: TransferOrder[]): Promise<Settled<MovementResult>[]> {
    let settled: Settlement | null = null;
    try {
      const { transferLimitCents } = await cachedBankSettings(this.db);
      for (let attempt = 1; !settled; attempt += 1) {
        settled = await withDbRetry(() => this.trySettle(orders, transferLimitCents));
        if (!settled) {
          if (attempt >= MAX_ATTEMPTS)
            throw new TRPCError({ code: 'CONFLICT', message: 'Please retry the request' });
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
        }
      }
    } catch (error) {
      if (orders.length === 1) return [{ ok: false, error }];
      // Something no rule foresaw failed the whole batch: each order goes again alone, so
      // that one bad order answers its error and the others still move.
      return Promise.all(
        orders.map(async (order) => {
          const [outcome] = await this.settle([order]);
          return outcome ?? { ok: false, error };
        }),
      );
    }
    return settled;
  }

  /** One read and the judgement, in turn; then one checked write; null when an account changed. */
  private async trySettle(
    orders: TransferOrder[],
    transferLimitCents: bigint,
  ): Promise<Settlement | null> {
    const release = await this.takeTurnToJudge();
    let judged: Judgement;
    try {
      judged = await this.judge(orders, transferLimitCents);
    } finally {
      release();
    }
    return this.write(judged);
  }

  /** Waits until the batch judging before has said how it will leave its accounts. */
  private async takeTurnToJudge(): Promise<() => void> {
    const previous = this.judging;
    let release = () => {};
    this.judging = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }

  /**
   * Reads the accounts and judges each order; records how the batch will leave the accounts
   * it moves, for the next batch to judge against while this one writes.
   */
  private async judge(orders: TransferOrder[], transferLimitCents: bigint) {
    this.attempts += 1;
    const attempt = this.attempts;
    const now = new Date();
    const day = utcDay(now);
    // What the batches in flight will leave, taken before the read: whether the read sees
    // their commits or not, these are the states to judge against.
    const pending = new Map([...this.pending].map(([id, entry]) => [id, entry.state]));
    const parties = await readTransferParties(
      this.db,
      orders.map((order) => order.user.id),
      orders.map((order) => order.input.recipientAccountNumber),
    );

    const before = new Map(
      parties.all.map((party) => [
        party.account.id,
        pending.get(party.account.id) ?? party.account,
      ]),
    );
    const states = new Map(before);
    const reliedOn = new Set<string>();
    const outcomes: Settled<MovementResult>[] = [];
    const events: QueuedEvent[] = [];
    const movements: PlannedMovement[] = [];
    const answers: Array<{ userId: string; key: string; data: MovementResult }> = [];
    for (const order of orders) {
      const sender = parties.senderOf(order.user.id);
      if (sender) reliedOn.add(sender.id);
      const decision = judgeTransfer(
        order,
        {
          sender,
          senderState: sender && states.get(sender.id),
          target: parties.byNumber(order.input.recipientAccountNumber),
          clearing: parties.clearing,
        },
        { transferLimitCents, day },
      );
      if (decision instanceof TRPCError) {
        outcomes.push({ ok: false, error: decision });
        continue;
      }
      const { from, to, recipient } = decision;
      reliedOn.add(to.id);
      const movement = transferMovement(order, from, to, recipient, now);
      const fromBefore = states.get(from.id);
      const toBefore = states.get(to.id);
      if (!fromBefore || !toBefore) throw new Error('A judged account was not read');
      const [fromAfter, toAfter] = statesAfter([fromBefore, toBefore], [movement], day);
      if (!fromAfter || !toAfter) throw new Error('A judged account was lost');
      states.set(from.id, fromAfter);
      states.set(to.id, toAfter);
      movements.push(movement);

      const row = storedRow(movement);
      // Each answer and event carries the balances right after that transfer.
      announce(events, row, [
        {
          userId: order.user.id,
          accountId: from.id,
          balance: fromAfter.balanceCents,
          notify: order.user.notifyTransactions,
        },
        ...(recipient
          ? [
              {
                userId: recipient.account.userId,
                accountId: to.id,
                balance: toAfter.balanceCents,
                notify: recipient.notify,
              },
            ]
          : []),
      ]);
      const answer = result(
        'Transfer completed successfully',
        row,
        from.id,
        fromAfter.balanceCents,
        order.user,
      );
      if (order.claimed) answers.push({ ...order.claimed, data: answer });
      outcomes.push({ ok: true, value: answer });
    }

    // Refusals read from committed rows stand as they are; anything that moved money, or
    // rested on a batch still in flight, is checked by the write.
    const speculative = [...reliedOn].some((id) => pending.has(id));
    const expected = [...reliedOn].flatMap((id) => before.get(id) ?? []);
    const touched = new Set(movements.flatMap((movement) => [movement.from.id, movement.to.id]));
    for (const id of touched) {
      const state = states.get(id);
      if (state) this.pending.set(id, { state, attempt });
    }
    return {
      attempt,
      day,
      outcomes,
      events,
      movements,
      answers,
      expected,
      touched,
      needsWrite: movements.length > 0 || speculative,
    };
  }

  /** The checked write of a judged batch; null when an account changed since it was read. */
  private async write(judged: Judgement): Promise<Settlement | null> {
    const { attempt, day, outcomes, events, movements, answers, expected, touched } = judged;
    if (!judged.needsWrite) return outcomes;
    try {
      const written = await recordMovementsIfUnchanged(this.db, movements, expected, answers, day, {
        channel: EVENTS_CHANNEL,
        payloads: eventPayloads(events),
      });
      if (!written) return null;
      if (written.size !== touched.size)
        throw new Error('The checked write did not reach every account it moves');
    } finally {
      for (const id of touched) {
        if (this.pending.get(id)?.attempt === attempt) this.pending.delete(id);
      }
    }
    return outcomes;
  }
}

const desks = new WeakMap<Database, TransferDesk>();

/** The desk of this database in this process (one per instance, like the settings cache). */
export function transferDesk(db: Database): TransferDesk {
  let desk = desks.get(db);
  if (!desk) {
    desk = new TransferDesk(db);
    desks.set(db, desk);
  }
  return desk;
}

import type { Executor } from '@bank/db';
import { events } from '@bank/db/schema';
import { and, asc, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openSessionIds } from '../auth/sessions.ts';
import { queryRows, textArray } from '../db-rows.ts';
import type { AppEvent, EventEnvelope } from './events.ts';

/** A client that was away longer gets the first ones; the SPA refetches its data anyway. */
export const REPLAY_LIMIT = 1000;

const MAX_BIGSERIAL = 2n ** 63n - 1n;

/**
 * The `events` id a client says it saw last (tRPC sends it back as `lastEventId`), or null when
 * it is missing or not one of ours: such a client simply gets the live events.
 */
export function parseEventId(value: string | null | undefined): bigint | null {
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id <= MAX_BIGSERIAL ? id : null;
}

/** An `events` row as the hub and the subscriptions carry it. */
const envelopeColumns = {
  id: events.id,
  userId: events.userId,
  // Written only by logAndNotify, from an AppEvent.
  event: sql<AppEvent>`${events.event}`,
};

function toEnvelope(row: { id: bigint; userId: string | null; event: AppEvent }): EventEnvelope {
  return { id: row.id.toString(), userId: row.userId, event: row.event };
}

/** The user's events and the broadcasts logged after `afterId`, oldest first. */
export async function readMissedEvents(
  db: Executor,
  userId: string,
  afterId: bigint,
  limit = REPLAY_LIMIT,
): Promise<EventEnvelope[]> {
  const rows = await db
    .select(envelopeColumns)
    .from(events)
    .where(and(gt(events.id, afterId), or(eq(events.userId, userId), isNull(events.userId))))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map(toEnvelope);
}

/**
 * How many dispatched event ids an instance remembers. A catch-up reads the log from the oldest
 * of them on, so an event whose id was taken before them but committed later (a slow
 * transaction) is still read back; older ones are taken as heard.
 */
export const DISPATCHED_REMEMBERED = 20_000;

/** The event ids an instance dispatched lately, and the id below which it remembers none. */
export class DispatchedIds {
  private readonly ids = new Set<string>();
  private below: bigint | null = null;

  constructor(private readonly capacity = DISPATCHED_REMEMBERED) {}

  /** The log's newest id when listening began: nothing before it is anyone's to hear here. */
  startAfter(newest: bigint): void {
    if (this.below === null || newest > this.below) this.below = newest;
  }

  /** Where a catch-up reads from (null before the start is known: nothing to catch up). */
  floor(): bigint | null {
    return this.below;
  }

  /** Remembers `id`; false when it was dispatched already. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) {
        this.ids.delete(oldest);
        const evicted = BigInt(oldest);
        if (this.below === null || evicted > this.below) this.below = evicted;
      }
    }
    return true;
  }
}

/** The newest id in the log (0 when empty). */
export async function readNewestEventId(db: Executor): Promise<bigint> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0n;
}

/** A page of everyone's events after `afterId`; `last` is where the next page starts, if any. */
export async function readEventsAfter(
  db: Executor,
  afterId: bigint | null,
  limit = REPLAY_LIMIT,
): Promise<{ events: EventEnvelope[]; last: bigint | null }> {
  if (afterId === null) return { events: [], last: null };
  const rows = await db
    .select(envelopeColumns)
    .from(events)
    .where(gt(events.id, afterId))
    .orderBy(asc(events.id))
    .limit(limit);
  return {
    events: rows.map(toEnvelope),
    last: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** Which of these sessions are still open (the others ended, perhaps unheard). */
export async function sessionsStillOpen(db: Executor, sessionIds: string[]): Promise<string[]> {
  const rows = await queryRows(
    db,
    openSessionIds(textArray(sessionIds)),
    z.object({ id: z.string() }),
  );
  return rows.map((row) => row.id);
}

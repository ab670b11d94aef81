import type { Executor } from '@bank/db';
import { events } from '@bank/db/schema';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
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

/** The user's events and the broadcasts logged after `afterId`, oldest first. */
export async function readMissedEvents(
  db: Executor,
  userId: string,
  afterId: bigint,
  limit = REPLAY_LIMIT,
): Promise<EventEnvelope[]> {
  const rows = await db
    .select({
      id: events.id,
      userId: events.userId,
      // Written only by logAndNotify, from an AppEvent.
      event: sql<AppEvent>`${events.event}`,
    })
    .from(events)
    .where(and(gt(events.id, afterId), or(eq(events.userId, userId), isNull(events.userId))))
    .orderBy(asc(events.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id.toString(), userId: row.userId, event: row.event }));
}

import type { Database } from '@bank/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { type AppEvent, publishEvents, type QueuedEvent } from '../realtime/events.ts';

/**
 * The money statement's events (decision 048): the statement keeps them as one `event_batches`
 * row, as durable as the money, and once it has committed they are expanded into the `events`
 * log, the inbox and the webhook queue, and NOTIFYed, by a transaction of their own that deletes
 * the row. The expansion runs while the desk writes its next batch: the 32 event and inbox rows
 * of a batch of 16 transfers no longer lengthen the write that every transfer waits for.
 */

/** The CTE that keeps `events` in one row when `when` holds (none is written for no event). */
export function keepEvents(events: readonly QueuedEvent[], when: SQL): SQL {
  for (const { event } of events) assertNotifiable(event);
  if (events.length === 0) return sql`kept_events as (select null::bigint as id where false)`;
  return sql`kept_events as (
      insert into event_batches (events)
      select ${JSON.stringify(events)}::json where ${when}
      returning id
    )`;
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. Such an event would fail its
 * expansion every time, after the money moved, and hold up every batch behind it: it is refused
 * before the money moves, as the statement that NOTIFYed in place refused it. The payload is the
 * event as `jsonb` text (a space after each colon and comma) with its id and user around it.
 */
function assertNotifiable(event: AppEvent): void {
  const json = JSON.stringify(event);
  if (Buffer.byteLength(json) * 1.25 + 128 >= 8000)
    throw new Error(`An event of type ${event.type} is too large to announce`);
}

/** Every instance and every expansion take this lock: the log's ids follow the rows' order. */
const EXPANSION_LOCK = 48_048;
/** Rows expanded by one transaction (a batch of 16 transfers is one row of 32 events). */
const ROWS_PER_EXPANSION = 16;

const keptRow = z.object({
  id: z.coerce.bigint(),
  // Written by keepEvents from the desk's QueuedEvents (as `json`: read back as written).
  events: z.custom<QueuedEvent[]>((value) => Array.isArray(value)),
  /** As PostgreSQL wrote it (microseconds kept). */
  at: z.string(),
});

/** Expands the oldest kept rows; answers how many it expanded (0: none was left). */
export async function expandKeptEvents(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPANSION_LOCK})`);
    const rows = await queryRows(
      tx,
      sql`delete from event_batches where id in (
          select id from event_batches order by id limit ${ROWS_PER_EXPANSION})
        returning id, events, created_at::text as at`,
      keptRow,
    );
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // One statement a row, in order: each keeps the time its money moved.
    for (const row of rows) await publishEvents(tx, row.events, row.at);
    return rows.length;
  });
}

/** Attempts of one run before it waits for the next write or sweep (about 30 s of retries). */
const MAX_ATTEMPTS = 20;

/**
 * Runs the expansions of one instance, one at a time. `expand()` after every write that kept a
 * row (and at start, and from a periodic sweep, for rows a crash left); `idle()` for whoever must
 * read what the last writes announced (tests, a clean stop).
 */
export class KeptEventsExpander {
  private running: Promise<void> = Promise.resolve();
  /** A run is queued behind the current one: it will see every row committed before it starts. */
  private queued = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly retryDelayMs: (attempt: number) => number = (attempt) =>
      Math.min(25 * 2 ** attempt, 2_000),
  ) {}

  expand(): void {
    if (this.queued || this.closed) return;
    this.queued = true;
    this.running = this.running.then(() => {
      this.queued = false;
      return this.expandAll();
    });
  }

  /** Resolves when every row kept before this call has been expanded (or its run gave up). */
  idle(): Promise<void> {
    return this.running;
  }

  async close(): Promise<void> {
    await this.running;
    this.closed = true;
  }

  private async expandAll(): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; ) {
      try {
        if ((await expandKeptEvents(this.db)) < ROWS_PER_EXPANSION) return;
        attempt = 0;
      } catch {
        // A killed connection or a database restarting: the row stays, so nothing is lost.
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs(attempt)));
      }
    }
  }
}

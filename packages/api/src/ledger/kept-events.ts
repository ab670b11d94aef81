import type { Database } from '@bank/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { type AppEvent, logAndNotify, type QueuedEvent } from '../realtime/events.ts';

/**
 * The money statement's events (decision 048): the statement keeps them as one `event_batches`
 * row, as durable as the money, and once it has committed they are expanded into the `events`
 * log, the inbox and the webhook queue, and NOTIFYed, by a statement of their own that deletes
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

/** Rows one expansion reads (a batch of 16 transfers is one row of 32 events). */
const ROWS_PER_EXPANSION = 16;

const keptRow = z.object({
  id: z.coerce.string(),
  // Written by keepEvents from the desk's QueuedEvents (as `json`: read back as written).
  events: z.custom<QueuedEvent[]>((value) => Array.isArray(value)),
  /** As PostgreSQL wrote it (microseconds kept). */
  at: z.string(),
});

/**
 * Expands the oldest kept rows, each in one statement of its own that deletes the row and, only
 * if it deleted it, logs, keeps in the inbox, queues for webhooks and NOTIFYs its events with
 * the time its money moved: two instances expanding the same row announce it once (the second
 * delete waits for the first and finds nothing). No transaction spans the statements: a killed
 * connection then fails one statement, which leaves its row for the next try (postgres.js 3.4.9
 * throws, uncaught, when a transaction goes on over a connection that was killed). Answers how
 * many rows it read (0: none was left).
 */
export async function expandKeptEvents(db: Database): Promise<number> {
  const rows = await queryRows(
    db,
    sql`select id, events, created_at::text as at from event_batches
      order by id limit ${ROWS_PER_EXPANSION}`,
    keptRow,
  );
  for (const row of rows) {
    const gone = sql`exists (select 1 from gone)`;
    await db.execute(
      sql`with gone as (delete from event_batches where id = ${row.id}::bigint returning id),
        ${logAndNotify(row.events, gone, row.at)}
        select count(*)::int as n from notified`,
    );
  }
  return rows.length;
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

  /** Refuses new runs first, so none queued while it waits outlives the database's close. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
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

/** What the deadline needs of a postgres.js query: settling, cancelling, and `state` once sent. */
interface WatchedQuery {
  then(onSettled: () => void, onFailed: () => void): unknown;
  cancel(): unknown;
  state?: unknown;
}

function isWatchable(value: unknown): value is WatchedQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    'then' in value &&
    typeof value.then === 'function' &&
    'cancel' in value &&
    typeof value.cancel === 'function'
  );
}

interface Watch {
  due: number;
  ms: number;
  /** Replaces the pool the query is stuck in; false when it cannot yet (just replaced). */
  onStuck: () => boolean;
}

/**
 * The queries in flight with their deadlines, checked by one timer (a timer per query cost
 * more than the query's own bookkeeping). A query still queued at its deadline is cancelled;
 * one handed to a connection calls its `onStuck`, and again a period later for as long as that
 * is turned down: a query stuck in a pool that was replaced moments ago (a second outage within
 * the bound) would otherwise wait for ever.
 */
export class Deadlines {
  private readonly pending = new Map<WatchedQuery, Watch>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  watch(query: unknown, ms: number, onStuck: () => boolean): void {
    if (!isWatchable(query)) return;
    this.pending.set(query, { due: this.now() + ms, ms, onStuck });
    const settle = () => {
      this.pending.delete(query);
    };
    query.then(settle, settle);
    if (!this.timer) {
      this.timer = setInterval(() => this.check(), 250);
      this.timer.unref();
    }
  }

  /** Acts on every deadline that has passed (the timer calls it; tests too, with their clock). */
  check(): void {
    const now = this.now();
    for (const [query, watch] of this.pending) {
      if (watch.due > now) continue;
      if (!query.state) {
        this.pending.delete(query);
        Promise.resolve(query.cancel()).catch(() => {});
      } else if (watch.onStuck()) {
        this.pending.delete(query);
      } else {
        watch.due = now + watch.ms;
      }
    }
    if (this.pending.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** How many queries are watched. */
  watching(): number {
    return this.pending.size;
  }
}

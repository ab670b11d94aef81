import { describe, expect, it } from 'vitest';
import { Deadlines } from './deadlines.ts';

/**
 * A postgres.js query under a 1000 ms deadline, on a clock the test moves: sent to a connection
 * or still queued, settled when the test says. `answers` are what the pool replacement says
 * each time it is asked (true once it replaced the pool).
 */
function watchedQuery(sent: boolean, answers: boolean[] = []) {
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const seen = { cancelled: 0, stuck: 0 };
  const time = { now: 0 };
  const deadlines = new Deadlines(() => time.now);
  // A promise, as postgres.js' query is, with its cancel and (once sent) its state.
  const query = Object.assign(settled, {
    cancel: () => {
      seen.cancelled += 1;
    },
    state: sent ? { pid: 1 } : undefined,
  });
  deadlines.watch(query, 1000, () => {
    seen.stuck += 1;
    return answers.shift() ?? true;
  });
  /** Moves the clock to `ms` and lets the deadlines act. */
  const at = (ms: number) => {
    time.now = ms;
    deadlines.check();
    return seen;
  };
  return { at, settle, seen, deadlines };
}

describe('query deadlines', () => {
  it('cancels a query still queued at its deadline', () => {
    const { at } = watchedQuery(false);
    expect(at(999).cancelled).toBe(0);
    expect(at(1000)).toEqual({ cancelled: 1, stuck: 0 });
  });

  it('asks once for a fresh pool for a query stuck on a connection', () => {
    const { at } = watchedQuery(true);
    at(1000);
    expect(at(5000)).toEqual({ cancelled: 0, stuck: 1 });
  });

  // Two outages within one bound: the pool was replaced for the first moments ago, so the
  // second stuck query's call is turned down. It used to be forgotten then, and waited for ever.
  it('asks again, a bound later, when the pool could not be replaced yet', () => {
    const { at } = watchedQuery(true, [false, true]);
    expect(at(1000).stuck).toBe(1);
    expect(at(1999).stuck).toBe(1);
    expect(at(2000).stuck).toBe(2);
    expect(at(9000).stuck).toBe(2);
  });

  it('forgets a query that settled', async () => {
    const { at, settle, deadlines } = watchedQuery(true);
    settle();
    await Promise.resolve();
    await Promise.resolve();
    expect(at(2000).stuck).toBe(0);
    expect(deadlines.watching()).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { Batcher, type Settled } from './batching.ts';

/** A batch function that records its batches and can be held open. */
function recorder() {
  const batches: number[][] = [];
  let open = 0;
  let maxOpen = 0;
  const releases: Array<() => void> = [];
  const run = async (items: number[]): Promise<Settled<number>[]> => {
    batches.push(items);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    await new Promise<void>((resolve) => releases.push(resolve));
    open -= 1;
    return items.map((item) =>
      item < 0
        ? { ok: false, error: new Error(`negative ${item}`) }
        : { ok: true, value: item * 2 },
    );
  };
  const releaseAll = async () => {
    while (releases.length > 0) releases.shift()?.();
    // Let the answers settle and the next batch start.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, releaseAll, maxOpen: () => maxOpen };
}

describe('Batcher', () => {
  it('runs a lone item on the next turn, without waiting for company', async () => {
    const batcher = new Batcher(
      async (items: number[]) => items.map((i) => ({ ok: true as const, value: i + 1 })),
      {
        maxInFlight: 1,
        maxBatch: 10,
      },
    );
    await expect(batcher.submit(1)).resolves.toBe(2);
  });

  it('gathers what arrives while a batch runs into the next one, within the limits', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 3 });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3, 4, 5].map((i) => batcher.submit(i));
    for (let turn = 0; turn < 4; turn += 1) await r.releaseAll();
    await expect(first).resolves.toBe(2);
    await expect(Promise.all(rest)).resolves.toEqual([4, 6, 8, 10]);
    expect(r.batches).toEqual([[1], [2, 3, 4], [5]]);
    expect(r.maxOpen()).toBe(1);
  });

  it('answers each item its own outcome, and every item the error of a failed batch', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 2, maxBatch: 10 });
    const good = expect(batcher.submit(1)).resolves.toBe(2);
    const bad = expect(batcher.submit(-1)).rejects.toThrow('negative -1');
    await r.releaseAll();
    await r.releaseAll();
    await good;
    await bad;

    const failing = new Batcher<number, number>(
      async () => {
        throw new Error('database gone');
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    await expect(Promise.all([failing.submit(1), failing.submit(2)])).rejects.toThrow(
      'database gone',
    );
  });

  it('lingers after a batch for the callers it answered, and goes without the ones not back in time', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 10, lingerMs: 40 });
    const first = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = [2, 3].map((i) => batcher.submit(i));
    await r.releaseAll();
    await expect(first).resolves.toBe(2);
    // Three were in play (one answered, two waiting): the two wait for the answered one.
    expect(r.batches).toEqual([[1]]);
    const back = batcher.submit(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.releaseAll();
    await expect(Promise.all([...waiting, back])).resolves.toEqual([4, 6, 8]);

    // Only one of the three comes back: it goes alone once the linger is over, not before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const alone = batcher.submit(5);
      await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(39);
      await new Promise((resolve) => setImmediate(resolve));
      expect(r.batches).toEqual([[1], [2, 3, 4]]);
      vi.advanceTimersByTime(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(r.batches).toEqual([[1], [2, 3, 4], [5]]);
      await r.releaseAll();
      await expect(alone).resolves.toBe(10);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lingers for a lone caller on a quiet server', async () => {
    const r = recorder();
    const batcher = new Batcher(r.run, { maxInFlight: 1, maxBatch: 10, lingerMs: 1000 });
    for (const item of [1, 2, 3]) {
      const answer = batcher.submit(item);
      await new Promise((resolve) => setImmediate(resolve));
      expect(r.batches.at(-1)).toEqual([item]);
      await r.releaseAll();
      await expect(answer).resolves.toBe(item * 2);
    }
  });
});

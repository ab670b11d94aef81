import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { letTimePassInDatabase, letTimePassInRedis } from './testing/limiter-clock.ts';

let app: TestApp;
let redis: Redis | undefined;
// The Redis variant runs where a server is named (CI names the machine's own).
const redisUrl = process.env.TEST_REDIS_URL;

beforeAll(async () => {
  app = await createTestApp();
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
  await app?.close();
});

/** `make` builds the limiter; `pass` lets time pass for its store (testing/limiter-clock.ts). */
function contract(name: string, make: () => RateLimiter, pass: (ms: number) => Promise<void>) {
  describe(`${name} rate limiter`, () => {
    it('counts hits in a window, resets, and starts over when the window ends', async () => {
      const limiter = make();
      const key = `test:${crypto.randomUUID()}`;
      expect(await limiter.count(key)).toBe(0);
      expect(await limiter.hit(key, 60_000)).toBe(1);
      expect(await limiter.hit(key, 60_000)).toBe(2);
      expect(await limiter.count(key)).toBe(2);
      await limiter.reset(key);
      expect(await limiter.count(key)).toBe(0);
      const short = `test:${crypto.randomUUID()}`;
      await limiter.hit(short, 50);
      await pass(120);
      expect(await limiter.count(short)).toBe(0);
      expect(await limiter.hit(short, 60_000)).toBe(1);
    });

    it('tells when the window ends (take)', async () => {
      const limiter = make();
      const key = `test:${crypto.randomUUID()}`;
      const first = await limiter.take(key, 60_000);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(55_000);
      expect(first.resetInMs).toBeLessThanOrEqual(60_000);
      const second = await limiter.take(key, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    });

    it('gives an attempt back with refund, never below zero', async () => {
      const limiter = make();
      const key = `test:${crypto.randomUUID()}`;
      await limiter.hit(key, 60_000);
      await limiter.hit(key, 60_000);
      await limiter.refund(key);
      expect(await limiter.count(key)).toBe(1);
      await limiter.refund(key);
      await limiter.refund(key);
      expect(await limiter.count(key)).toBe(0);
      expect(await limiter.hit(key, 60_000)).toBe(1);
    });

    it('backs off: free attempts, then one per doubling delay, even when they arrive together', async () => {
      const limiter = make();
      const key = `test:${crypto.randomUUID()}`;
      const policy = { free: 3, baseMs: 200, maxMs: 400, forgetMs: 60_000 };
      const burst = await Promise.all(
        Array.from({ length: 10 }, () => limiter.backoff(key, policy)),
      );
      // Three free attempts and the fourth, which starts the first delay; the rest wait.
      expect(
        burst
          .filter((result) => result.allowed)
          .map((result) => result.attempts)
          .sort(),
      ).toEqual([1, 2, 3, 4]);
      await pass(250);
      expect(await limiter.backoff(key, policy)).toEqual({ allowed: true, attempts: 5 });
      // The delay doubled to 400 ms (the cap).
      await pass(250);
      expect((await limiter.backoff(key, policy)).allowed).toBe(false);
      await pass(200);
      expect(await limiter.backoff(key, policy)).toEqual({ allowed: true, attempts: 6 });
      await limiter.reset(key);
      expect(await limiter.backoff(key, policy)).toEqual({ allowed: true, attempts: 1 });
    });

    it('counts concurrent hits exactly', async () => {
      const limiter = make();
      const key = `test:${crypto.randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 60_000)));
      expect([...results].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });
  });
}

// On PGlite (one connection) a transaction held open blocks every other statement.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'database back-off, statements in any order',
  () => {
    it('allows a free attempt whose transaction began before the one written just ahead of it', async () => {
      const key = `test:${crypto.randomUUID()}`;
      const policy = { free: 3, baseMs: 200, maxMs: 400, forgetMs: 60_000 };
      const outside = createDbRateLimiter(app.db);
      expect(await outside.backoff(key, policy)).toEqual({ allowed: true, attempts: 1 });
      // A statement that began first (its transaction's now() is earlier) and reaches the row
      // after another free attempt was written: it used to judge a delay running, and refuse.
      const late = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
        expect(await outside.backoff(key, policy)).toEqual({ allowed: true, attempts: 2 });
        return createDbRateLimiter(tx).backoff(key, policy);
      });
      expect(late).toEqual({ allowed: true, attempts: 3 });
    });
  },
);

contract(
  'database',
  () => createDbRateLimiter(app.db),
  (ms) => letTimePassInDatabase(app.db, ms),
);
describe.runIf(Boolean(redisUrl))('with Redis', () => {
  const connected = () => {
    if (!redis) throw new Error('no redis');
    return redis;
  };
  contract(
    'redis',
    () => createRedisRateLimiter(connected()),
    (ms) => letTimePassInRedis(connected(), ms),
  );
});

import type { Executor } from '@bank/db';
import { rateLimitBuckets } from '@bank/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { DependencyUnavailable } from './unavailable.ts';

/** At most `max` attempts per fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Exponential delays: `free` attempts, then each further one waits `baseMs`, doubling up to
 * `maxMs`, after the one before. `forgetMs` after the last delay ends, the count starts over.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

/**
 * Counters shared by every instance: in PostgreSQL by default, in Redis when REDIS_URL is set.
 * Every judging call records the attempt first, in one statement or one script, and judges the
 * count it got back: N parallel guesses spend N attempts (docs/decisions/014).
 */
export interface RateLimiter {
  /** Reads without counting (tests and the admin's view). */
  count(key: string): Promise<number>;
  /** Counts one attempt in the current window and returns the window's total, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** As `hit`, also telling when the window ends (for `RateLimit` and `Retry-After` headers). */
  take(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one attempt back (an attempt that turned out to be the owner's success). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Takes the next attempt allowed by `policy`: counts it and answers `allowed` with the number
   * of attempts so far, or refuses (counting nothing) while the current delay runs.
   */
  backoff(key: string, policy: Backoff): Promise<{ allowed: boolean; attempts: number }>;
}

/** Records one attempt against `limit` and answers whether it is within it. */
export async function consume(limiter: RateLimiter, key: string, limit: Limit): Promise<boolean> {
  return (await limiter.hit(key, limit.windowMs)) <= limit.max;
}

/** The delay after attempt `n` (1-based): none for the free ones, then doubling to the cap. */
export function backoffDelayMs(policy: Backoff, n: number): number {
  if (n <= policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (n - policy.free - 1));
}

const msInterval = (ms: SQL | number) => sql`(${ms} * interval '1 millisecond')`;

export function createDbRateLimiter(db: Executor): RateLimiter {
  const bucket = rateLimitBuckets;
  return {
    async count(key) {
      const [row] = await db
        .select({ count: bucket.count })
        .from(bucket)
        .where(sql`${bucket.key} = ${key} and ${bucket.resetAt} > now()`);
      return row?.count ?? 0;
    },
    async hit(key, windowMs) {
      return (await this.take(key, windowMs)).count;
    },
    async take(key, windowMs) {
      // One statement: the row lock of the upsert orders concurrent hits, each sees its own total.
      const resetAt = sql`now() + ${msInterval(windowMs)}`;
      const expired = sql`${bucket.resetAt} <= now()`;
      const [row] = await db
        .insert(bucket)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: bucket.key,
          set: {
            count: sql`case when ${expired} then 1 else ${bucket.count} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetAt} else ${bucket.resetAt} end`,
          },
        })
        .returning({
          count: bucket.count,
          resetInMs: sql<string>`greatest(0, extract(epoch from (${bucket.resetAt} - now())) * 1000)::bigint::text`,
        });
      return { count: row?.count ?? 1, resetInMs: Number(row?.resetInMs ?? windowMs) };
    },
    async refund(key) {
      await db
        .update(bucket)
        .set({ count: sql`${bucket.count} - 1` })
        .where(sql`${bucket.key} = ${key} and ${bucket.count} > 0 and ${bucket.resetAt} > now()`);
    },
    async reset(key) {
      await db.delete(bucket).where(eq(bucket.key, key));
    },
    async backoff(key, policy) {
      // The row keeps the attempts and `reset_at` = end of the current delay + forgetMs, so the
      // housekeeping sweep drops it exactly when it is forgotten, as it drops spent windows.
      // The clock as each statement reads it, not its transaction's start (`now()`): a statement
      // that waited for the row lock behind a later-started one would otherwise judge the delay
      // by an earlier time than the row was written with, and refuse a free attempt.
      const clock = sql`clock_timestamp()`;
      const forget = msInterval(policy.forgetMs);
      const forgotten = sql`${bucket.resetAt} <= ${clock}`;
      const next = sql`case when ${forgotten} then 1 else ${bucket.count} + 1 end`;
      const delay = sql`case when ${next} <= ${policy.free} then 0
        else least(${policy.maxMs}::float8,
          ${policy.baseMs}::float8 * power(2::float8, (${next} - ${policy.free} - 1)::float8)) end`;
      const [row] = await db
        .insert(bucket)
        .values({
          key,
          count: 1,
          resetAt: sql`${clock} + ${msInterval(backoffDelayMs(policy, 1))} + ${forget}`,
        })
        .onConflictDoUpdate({
          target: bucket.key,
          set: {
            count: next,
            resetAt: sql`${clock} + ${msInterval(delay)} + ${forget}`,
          },
          // While a delay runs the row is left alone and nothing comes back: refused.
          setWhere: sql`${bucket.resetAt} - ${forget} <= ${clock}`,
        })
        .returning({ count: bucket.count });
      return row ? { allowed: true, attempts: row.count } : { allowed: false, attempts: 0 };
    },
  };
}

// One script each, so a Redis round trip is one atomic step as the SQL statements are.
const backoffScript = `
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000 + math.floor(tonumber(now_parts[2]) / 1000)
local free, base, cap, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local not_before = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
if not_before > now then return {0, n} end
if not_before + forget <= now then n = 0 end
n = n + 1
local delay = 0
if n > free then delay = math.min(cap, base * 2 ^ (n - free - 1)) end
redis.call('HSET', KEYS[1], 'n', n, 'at', now + delay)
redis.call('PEXPIRE', KEYS[1], math.floor(delay + forget))
return {1, n}`;

const refundScript = `
local left = redis.call('DECR', KEYS[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left`;

/**
 * A Redis call that failed other than by Redis' own error reply: Redis is unreachable or too
 * slow. The limit is then not judged at all: the request answers 503 (fails closed), since a
 * limit that let everyone in while Redis is down would open sign-in to guessing.
 */
async function viaRedis<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw redisFailure(error);
  }
}

function redisFailure(error: unknown): unknown {
  return error instanceof Error && error.name === 'ReplyError'
    ? error
    : new DependencyUnavailable('redis', error);
}

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const prefix = 'bank:rl:';
  return {
    async count(key) {
      return Number((await viaRedis(redis.get(prefix + key))) ?? 0);
    },
    async hit(key, windowMs) {
      return (await this.take(key, windowMs)).count;
    },
    async take(key, windowMs) {
      const results = await viaRedis(
        redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, 'NX')
          .pttl(prefix + key)
          .exec(),
      );
      // A transaction that did not run answers null or an error per command: never a count.
      const failed = results?.find(([error]) => error !== null);
      if (!results || failed) throw redisFailure(failed?.[0]);
      const count = results?.[0]?.[1];
      const ttl = results?.[2]?.[1];
      return {
        count: typeof count === 'number' ? count : 1,
        resetInMs: typeof ttl === 'number' && ttl >= 0 ? ttl : windowMs,
      };
    },
    async refund(key) {
      await viaRedis(redis.eval(refundScript, 1, prefix + key));
    },
    async reset(key) {
      await viaRedis(redis.del(prefix + key, `${prefix}backoff:${key}`));
    },
    async backoff(key, policy) {
      const result = await viaRedis(
        redis.eval(
          backoffScript,
          1,
          `${prefix}backoff:${key}`,
          policy.free,
          policy.baseMs,
          policy.maxMs,
          policy.forgetMs,
        ),
      );
      const [allowed, attempts] = Array.isArray(result) ? result : [0, 0];
      return { allowed: allowed === 1, attempts: Number(attempts) };
    },
  };
}

/**
 * The limits (README, Security). Sign-in failures are judged per (account, address) and per
 * address; the account as a whole only slows down (exponential delays), so nobody can lock an
 * owner out from elsewhere (docs/decisions/014).
 */
export const limits = {
  loginPerAccountAddress: { max: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 20, windowMs: 15 * 60_000 },
  loginPerAccount: { free: 10, baseMs: 1_000, maxMs: 15 * 60_000, forgetMs: 24 * 60 * 60_000 },
  twoFactorPerSession: { max: 5, windowMs: 15 * 60_000 },
  twoFactorPerUser: { max: 10, windowMs: 15 * 60_000 },
  passwordCheckPerUser: { max: 5, windowMs: 15 * 60_000 },
  tokenPerAddress: { max: 10, windowMs: 15 * 60_000 },
  mailPerAddress: { max: 10, windowMs: 60 * 60_000 },
  mailPerRecipient: { max: 3, windowMs: 60 * 60_000 },
  registerPerAddress: { max: 10, windowMs: 60 * 60_000 },
  payeeLookupPerUser: { max: 30, windowMs: 60_000 },
  /** Step-up codes e-mailed per user, and guesses at them (or at TOTP) per user. */
  stepUpSendPerUser: { max: 5, windowMs: 15 * 60_000 },
  stepUpGuessPerUser: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit | Backoff>;

import type { Executor } from '@bank/db';
import { rateLimitBuckets } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

/**
 * Fixed-window counters shared by every instance: in PostgreSQL by default, in Redis when
 * REDIS_URL is set. `count` reads without counting; `hit` counts one and returns the total.
 */
export interface RateLimiter {
  count(key: string): Promise<number>;
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createDbRateLimiter(db: Executor): RateLimiter {
  return {
    async count(key) {
      const [row] = await db
        .select({ count: rateLimitBuckets.count })
        .from(rateLimitBuckets)
        .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.resetAt} > now()`);
      return row?.count ?? 0;
    },
    async hit(key, windowMs) {
      const resetAt = sql`now() + ${`${windowMs} milliseconds`}::interval`;
      const expired = sql`${rateLimitBuckets.resetAt} <= now()`;
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetAt} else ${rateLimitBuckets.resetAt} end`,
          },
        })
        .returning({ count: rateLimitBuckets.count });
      return row?.count ?? 1;
    },
    async reset(key) {
      await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    },
  };
}

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const prefix = 'bank:rl:';
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      const value = results?.[0]?.[1];
      return typeof value === 'number' ? value : 1;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** The limits: failed sign-ins per account and per address, and mail-sending calls. */
export const limits = {
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 20, windowMs: 15 * 60_000 },
  twoFactorPerUser: { max: 5, windowMs: 15 * 60_000 },
  mailPerAddress: { max: 10, windowMs: 60 * 60_000 },
  mailPerRecipient: { max: 3, windowMs: 60 * 60_000 },
  registerPerAddress: { max: 10, windowMs: 60 * 60_000 },
} as const;

import type { Executor } from '@bank/db';
import { rateLimitBuckets } from '@bank/db/schema';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

// The rate limiters read time from their store (PostgreSQL's now(), Redis' TIME and expiry),
// not from the process. To let `ms` pass without waiting for it, a test moves every window and
// delay the store holds `ms` into the past instead: what the limiter then reads is what it
// would read `ms` later.

/** As if `ms` had passed for the database limiter (createDbRateLimiter). */
export async function letTimePassInDatabase(db: Executor, ms: number): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ resetAt: sql`${rateLimitBuckets.resetAt} - ${ms} * interval '1 millisecond'` });
}

/** As if `ms` had passed for the Redis limiter (createRedisRateLimiter's `bank:rl:` keys). */
export async function letTimePassInRedis(redis: Redis, ms: number): Promise<void> {
  for (const key of await redis.keys('bank:rl:*')) {
    // Back-off hashes keep the end of the current delay in `at`; counters only expire.
    if ((await redis.type(key)) === 'hash') await redis.hincrby(key, 'at', -ms);
    const ttl = await redis.pttl(key);
    if (ttl > ms) await redis.pexpire(key, ttl - ms);
    else if (ttl >= 0) await redis.del(key);
  }
}

import type { FastifyBaseLogger } from 'fastify';
// A static, named import: the bundle's interop then finds `Redis` on ioredis' CommonJS exports.
// `(await import('ioredis')).Redis` from the bundle found only a `default`, so
// runtime.ts imports this module, not ioredis, when REDIS_URL is set.
import { Redis } from 'ioredis';

/** How long one Redis command may take before it fails (and the request answers 503). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * The client of REDIS_URL. While Redis is unreachable a command fails after two reconnect
 * attempts instead of waiting in a queue, so the request answers 503 at once (unavailable.ts).
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // Until the server's logger takes over (logRedisOutages): ioredis would print every error.
  redis.on('error', () => {});
  return redis;
}

/** Logs an outage once when it starts and once when it ends, not at every reconnect attempt. */
export function logRedisOutages(redis: Redis, log: FastifyBaseLogger): void {
  let down = redis.status !== 'ready' && redis.status !== 'connecting';
  redis.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable; requests that need it answer 503');
  });
  redis.on('ready', () => {
    if (down) log.info('Redis is reachable again');
    down = false;
  });
}

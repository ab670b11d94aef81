/**
 * An unavailable dependency (the database or Redis down, unreachable, overloaded or too slow)
 * answers 503 with Retry-After, never 500 (docs/architecture.md 2): the REST adapter and the tRPC
 * error formatter ask `isDependencyUnavailable` of every failure.
 */

/** What the caller reads; the body's `reason` is SERVICE_UNAVAILABLE (as MAINTENANCE is for maintenance). */
export const serviceUnavailableMessage =
  'The service is temporarily unavailable. Please try again shortly.';

/** How long a caller waits before trying again after an outage's 503 (an outage is short). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Thrown where a dependency's own errors do not say so (e.g. ioredis' plain errors). */
export class DependencyUnavailable extends Error {
  override name = 'DependencyUnavailable';
  constructor(
    readonly dependency: 'database' | 'redis',
    cause: unknown,
  ) {
    super(`${dependency} is unavailable`, { cause });
  }
}

/** postgres.js' own codes for a connection that failed, ended or never came. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), an
 * administrator's or a crash's shutdown (57P01, 57P02), a server still starting (57P03), too
 * many connections (53300), and our own time-outs (57014 statement, 25P03 idle in transaction,
 * 57P05 idle session).
 */
function unavailableSqlState(code: string): boolean {
  if (!/^[0-9A-Z]{5}$/.test(code)) return false;
  return (
    code.startsWith('08') ||
    ['57P01', '57P02', '57P03', '57P05', '53300', '57014', '25P03'].includes(code)
  );
}

/** Whether `error`, or an error it wraps (drizzle's, tRPC's), says a dependency is down. */
export function isDependencyUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    if (current instanceof DependencyUnavailable) return true;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || unavailableSqlState(code)))
      return true;
    current = current.cause;
  }
  return false;
}

/** PostgreSQL's serialization failure and deadlock: safe to run the whole transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, however deep the drivers and drizzle wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string') {
      if (/^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export function isRetryableDbError(error: unknown): boolean {
  return RETRYABLE.has(sqlStateOf(error) ?? '');
}

/** Runs `work` again on a deadlock or serialization failure: a customer never sees one. */
export async function withDbRetry<T>(work: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableDbError(error)) throw error;
      const backoff = Math.min(200, 5 * 2 ** attempt) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, backoff));
    }
  }
}

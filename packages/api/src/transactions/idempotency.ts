import { createHash } from 'node:crypto';
import type { Database, Executor, Transaction } from '@bank/db';
import { idempotencyKeys } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';
import { withDbRetry } from './retry.ts';

/** Keys are kept at least this long (README); a sweep removes older ones. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
/** A first request that holds its key longer than this is presumed dead and may be retried. */
const STALE_LOCK_MS = 60_000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => key !== 'idempotencyKey' && v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, v]) => [key, canonical(v)]),
    );
  }
  return value;
}

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

/** A claimed key: the request's answer is stored under it, in the money's transaction. */
export interface ClaimedKey {
  userId: string;
  key: string;
}

function whereKey({ userId, key }: ClaimedKey) {
  return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
}

/** Stores a successful answer; call it inside the transaction that moves the money. */
export async function storeAnswer(tx: Executor, claimed: ClaimedKey, data: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ response: { ok: true, data } })
    .where(whereKey(claimed));
}

/**
 * Lets a money-moving `run` happen at most once per idempotency key: the same key and request
 * answers the first result again, a different request answers 422, and a retry while the first
 * is still running answers 409. `run` receives the claimed key (null without one) and must
 * store its answer with `storeAnswer` in the transaction that moves the money, so one never
 * exists without the other.
 */
export async function guardIdempotent<T>(
  db: Database,
  options: {
    userId: string;
    key: string | undefined;
    operation: string;
    request: unknown;
    output: z.ZodType<T>;
  },
  run: (claimed: ClaimedKey | null) => Promise<T>,
): Promise<T> {
  const { userId, key, operation } = options;
  if (!key) return run(null);
  const claimed: ClaimedKey = { userId, key };
  const hash = requestHash(operation, options.request);
  const where = whereKey(claimed);

  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, operation, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) throw new TRPCError({ code: 'CONFLICT', message: 'Please retry the request' });
    if (existing.requestHash !== hash || existing.operation !== operation) {
      throw new TRPCError({
        code: 'UNPROCESSABLE_CONTENT',
        message: 'This idempotency key was already used for a different request',
      });
    }
    if (existing.response?.ok === true) return options.output.parse(existing.response.data);
    if (existing.response?.ok === false) {
      throw new TRPCError({
        code: toCode(existing.response.code),
        message: existing.response.message,
      });
    }
    // Still running, unless its holder died: take over a stale claim, atomically.
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ lockedAt: sql`now()` })
      .where(
        and(
          where,
          sql`${idempotencyKeys.response} is null`,
          lt(idempotencyKeys.lockedAt, new Date(Date.now() - STALE_LOCK_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'A request with this idempotency key is still being processed',
      });
    }
  }

  try {
    return await run(claimed);
  } catch (error) {
    if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
      // A refusal (insufficient funds, limit) is the answer to this request: keep it.
      await db
        .update(idempotencyKeys)
        .set({ response: { ok: false, code: error.code, message: error.message } })
        .where(where);
    } else {
      // Nothing happened: free the key so that the client's retry can run.
      await db.delete(idempotencyKeys).where(where);
    }
    throw error;
  }
}

/** One money `work` in its own transaction (retried on deadlock), at most once per key. */
export function runIdempotent<T>(
  db: Database,
  options: Parameters<typeof guardIdempotent<T>>[1],
  work: (tx: Transaction, events: QueuedEvent[]) => Promise<T>,
): Promise<T> {
  return guardIdempotent(db, options, (claimed) =>
    runAndAnnounce(db, async (tx, events) => {
      const result = await work(tx, events);
      if (claimed) await storeAnswer(tx, claimed, result);
      return result;
    }),
  );
}

/**
 * Runs the money transaction (again on deadlock) and, once it has committed, publishes the
 * events it queued. Publishing after commit keeps the promise that no event announces money
 * that was rolled back, and keeps NOTIFY's commit-time lock out of the money transactions,
 * which would otherwise commit one at a time (docs/decisions/008).
 */
async function runAndAnnounce<T>(
  db: Database,
  work: (tx: Transaction, events: QueuedEvent[]) => Promise<T>,
): Promise<T> {
  const events: QueuedEvent[] = [];
  const result = await withDbRetry(() => {
    events.length = 0;
    return db.transaction((tx) => work(tx, events));
  });
  await publishEvents(db, events);
  return result;
}

const codes = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
] as const;
function toCode(code: string): (typeof codes)[number] {
  return codes.find((known) => known === code) ?? 'BAD_REQUEST';
}

import type { Database } from '@bank/db';
import { sql } from 'drizzle-orm';

/** How long /readyz waits for each dependency: a load balancer asks every few seconds. */
export const READINESS_TIMEOUT_MS = 1_500;

export type CheckResult = 'ok' | 'unavailable' | 'timed out';

/** One dependency's probe: resolves when it answered. */
export type ReadinessCheck = () => Promise<unknown>;

export function databaseCheck(db: Database): ReadinessCheck {
  return () => db.execute(sql`select 1`);
}

function bounded(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  const answered = check().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'unavailable',
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

/** Every check at once, each bounded; the names as given (database, redis). */
export async function runReadinessChecks(
  checks: Readonly<Record<string, ReadinessCheck>>,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map((name) => {
      const check = checks[name];
      return check ? bounded(check, timeoutMs) : Promise.resolve<CheckResult>('ok');
    }),
  );
  const byName = Object.fromEntries(names.map((name, i) => [name, results[i] ?? 'unavailable']));
  return { ready: results.every((result) => result === 'ok'), checks: byName };
}

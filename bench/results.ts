import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Conservation } from './conservation.ts';
import type { FairnessPhase } from './fairness.ts';
import type { Footprint } from './footprint.ts';
import type { LoadResult } from './workload.ts';

// What the bench's phases measured, the targets they are judged by, and the results file.

export interface TransferPhase {
  load: LoadResult;
  tps: number;
  conservation: Conservation;
}

export interface MixedPhase {
  load: LoadResult;
  rate: number;
  withdrawals: Record<string, number>;
  conservation: Conservation;
}

export interface HistoryPhase {
  rows: number;
  clients4: LoadResult;
  saturated: LoadResult;
  conservation: Conservation;
}

export interface HistorySearchPhase {
  rows: number;
  clients4: LoadResult;
  conservation: Conservation;
}

/** How the run was made, written beside its figures. */
export interface RunInfo {
  clients: number;
  seconds: number;
  customers: number;
  phases: readonly string[];
  client: 'wrk' | 'node';
}

export interface Results {
  transfers?: TransferPhase;
  keyed?: TransferPhase;
  pgbenchTps?: number;
  mixed?: MixedPhase;
  history?: HistoryPhase;
  historySearch?: HistorySearchPhase;
  fairness?: FairnessPhase;
  footprint?: Footprint[];
}

export interface Target {
  name: string;
  value: number;
  pass: boolean;
}

const atLeast = (name: string, value: number, limit: number): Target => ({
  name,
  value,
  pass: value >= limit,
});
const atMost = (name: string, value: number, limit: number): Target => ({
  name,
  value,
  pass: value <= limit,
});

/** The targets of the phases that ran. */
export function targets(results: Results, clients: number): Target[] {
  const {
    transfers: unkeyed,
    keyed,
    pgbenchTps,
    history,
    historySearch,
    footprint,
    fairness,
  } = results;
  const postgres = footprint?.find((run) => run.database === 'PostgreSQL');
  const embedded = footprint?.filter((run) => run.database !== 'PostgreSQL') ?? [];
  const p99 = `transfer p99 <= 25 ms at ${clients} clients`;
  return [
    unkeyed && pgbenchTps
      ? atLeast('unkeyed transfers >= 0.6 x pgbench tps', unkeyed.tps / pgbenchTps, 0.6)
      : null,
    keyed && pgbenchTps
      ? atLeast('keyed transfers >= 0.5 x pgbench tps', keyed.tps / pgbenchTps, 0.5)
      : null,
    unkeyed ? atMost(`unkeyed ${p99}`, unkeyed.load.p99, 25) : null,
    keyed ? atMost(`keyed ${p99}`, keyed.load.p99, 25) : null,
    history ? atMost('history p99 <= 20 ms (4 clients)', history.clients4.p99, 20) : null,
    historySearch
      ? atMost('history search p99 <= 20 ms (4 clients)', historySearch.clients4.p99, 20)
      : null,
    fairness
      ? atMost('fairness: the other customer’s p99 under a flood <= 3x quiet', fairness.ratio, 3)
      : null,
    postgres ? atMost('start on PostgreSQL <= 1500 ms', postgres.startMs, 1500) : null,
    postgres ? atMost('RSS idle on PostgreSQL <= 150 MB', postgres.idleRssMb, 150) : null,
    ...embedded.map((run) => atMost(`RSS idle ${run.database} <= 350 MB`, run.idleRssMb, 350)),
    atMost('conservation after every phase (phases broken)', phasesBroken(results), 0),
  ].filter((target) => target !== null);
}

/** How many of the phases that ran ended with conservation broken. */
export function phasesBroken(results: Results): number {
  const { transfers: unkeyed, keyed, mixed: mixedRun, history, historySearch } = results;
  return [unkeyed, keyed, mixedRun, history, historySearch].filter(
    (phase) => phase && !phase.conservation.holds,
  ).length;
}

/** Figures as JSON can hold them: bigint cents as strings. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

export function writeResults(results: Results, run: RunInfo, targetList: Target[], root: string) {
  const { transfers: unkeyed, keyed, pgbenchTps, mixed: mixedRun, history } = results;
  const perPgbench = (rate: number) => (pgbenchTps ? rate / pgbenchTps : null);
  const file = {
    date: new Date().toISOString(),
    clients: run.clients,
    seconds: run.seconds,
    customers: run.customers,
    phases: run.phases,
    client: run.client,
    pgbench: pgbenchTps ? { tps: pgbenchTps } : null,
    transfers: unkeyed ? { ...unkeyed, ratio: perPgbench(unkeyed.tps) } : null,
    keyed: keyed ? { ...keyed, ratio: perPgbench(keyed.tps) } : null,
    mixed: mixedRun ? { ...mixedRun, ratio: perPgbench(mixedRun.rate) } : null,
    history: history ?? null,
    historySearch: results.historySearch ?? null,
    fairness: results.fairness ?? null,
    footprint: results.footprint ?? null,
    targets: targetList,
  };
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(join(root, 'bench-results/latest.json'), `${toJson(file)}\n`);
}

/**
 * pnpm bench: the money path under load on the real PostgreSQL, against pgbench's own
 * tpcb-like baseline on the same server. Phases, in this order (BENCH_PHASES picks some):
 *
 *   transfers  internal transfers without Idempotency-Key (wrk, or the Node client without it)
 *   keyed      the same, each request with its own fresh Idempotency-Key, as the SPA sends
 *   (pgbench tpcb-like, same clients and duration, when a transfer phase ran)
 *   mixed      transfers, card deposits, cash-pickup withdrawals and history reads together,
 *              money moves keyed; withdrawals settle while the load runs
 *   history    page 1 of the history with BENCH_HISTORY_ROWS transactions (0: skipped)
 *   history-search  the same page searched with `?q=` (bench/workload.ts searchWords), 4 clients
 *              (target p99 <= 20 ms; fills the history first unless the history phase did)
 *   footprint  first: start time and RSS idle and under load, PostgreSQL and embedded
 *              (bench/footprint.ts; targets: <= 150 MB and <= 1.5 s on PostgreSQL, <= 350 MB embedded)
 *   fairness   one customer floods history reads from BENCH_FLOOD_CLIENTS connections while
 *              another reads alone: the other's p99 under the flood <= 3x its quiet p99
 *              (bench/fairness.ts; at most 10 s each, loopback)
 *
 * Conservation is checked after each phase; targets are printed as PASS/FAIL and written with
 * the figures to bench-results/latest.json.
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres;
 *                       the bench creates and drops its own database there)
 *   BENCH_DB_NAME       that database's name (default bank_bench); with BENCH_PORT, lets two
 *                       benches share a machine, e.g. BENCH_DB_NAME=bank_bench_foot BENCH_PORT=3899
 *   BENCH_CLIENTS=16 BENCH_SECONDS=20 BENCH_CUSTOMERS=100 BENCH_HISTORY_ROWS=1000000
 *   BENCH_PORT=3999 BENCH_SETTLEMENT_DELAY_MS=2000 BENCH_PHASES=transfers,keyed,mixed,history
 *   BENCH_FLOOD_CLIENTS=64
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBankSettings } from '@bank/api/settings/service';
import { createDb, type DbHandle } from '@bank/db';
import { transactions } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { type Conservation, checkConservation, describeConservation } from './conservation.ts';
import { type FairnessPhase, measureFairness } from './fairness.ts';
import { measureFootprints } from './footprint.ts';
import {
  historyPages,
  historySearches,
  mixed,
  type NextRequest,
  NodeClient,
  transfers,
} from './node-client.ts';
import {
  type HistoryPhase,
  type HistorySearchPhase,
  type MixedPhase,
  phasesBroken,
  type Results,
  type RunInfo,
  type TransferPhase,
  targets,
  writeResults,
} from './results.ts';
import { createCustomers, databaseUrl, fillHistory, recreateDatabase, startApi } from './setup.ts';
import { answeredRate, type Customer, type LoadResult, refusedTotal } from './workload.ts';
import { findWrk, runWrk, type WrkLoad } from './wrk.ts';

const allPhases = [
  'footprint',
  'transfers',
  'keyed',
  'mixed',
  'history',
  'history-search',
  'fairness',
] as const;
type Phase = (typeof allPhases)[number];

const config = {
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  clients: Number(process.env.BENCH_CLIENTS ?? 16),
  seconds: Number(process.env.BENCH_SECONDS ?? 20),
  customerCount: Number(process.env.BENCH_CUSTOMERS ?? 100),
  historyRows: Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000),
  port: Number(process.env.BENCH_PORT ?? 3999),
  settlementDelayMs: Number(process.env.BENCH_SETTLEMENT_DELAY_MS ?? 2000),
  phases: selectedPhases(process.env.BENCH_PHASES),
  floodClients: Number(process.env.BENCH_FLOOD_CLIENTS ?? 64),
};
// Dropped and recreated by every run, so it must be a plain identifier (it is spliced into SQL).
const dbName = process.env.BENCH_DB_NAME ?? 'bank_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
  throw new Error(`BENCH_DB_NAME: '${dbName}' is not a plain lower-case identifier`);
const root = fileURLToPath(new URL('..', import.meta.url));
/** $1,000,000 each: no transfer or withdrawal of the bench can run a customer short. */
const fundingCents = 100_000_000n;
const warmUpSeconds = 2;

function selectedPhases(list: string | undefined): Phase[] {
  const names = (list ?? allPhases.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !allPhases.some((phase) => phase === name));
  if (unknown.length > 0)
    throw new Error(`BENCH_PHASES: unknown ${unknown.join(', ')} (known: ${allPhases.join(',')})`);
  return allPhases.filter((phase) => names.includes(phase));
}

/** What every phase works with. */
interface Bench {
  handle: DbHandle;
  customers: Customer[];
  wrk: string | null;
  node: NodeClient;
}

/** One load run: wrk when there is one, else the Node client with the same requests. */
async function runLoad(
  bench: Bench,
  load: { wrk: WrkLoad; node: NextRequest },
  seconds: number,
): Promise<LoadResult> {
  if (bench.wrk) {
    return runWrk(bench.wrk, {
      port: config.port,
      clients: config.clients,
      seconds,
      customers: bench.customers,
      load: load.wrk,
    });
  }
  return bench.node.load(seconds, load.node, config.clients);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function describeLoad(result: LoadResult): string {
  const kinds = Object.entries(result.answered)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const refusals = Object.entries(result.refused)
    .map(([message, count]) => `'${message}' ${count}`)
    .join(', ');
  return `${answeredRate(result).toFixed(1)}/s (${kinds}; ${refusedTotal(result)} refused${refusals ? `: ${refusals}` : ''}; ${result.failed} failed) p50 ${ms(result.p50)} p99 ${ms(result.p99)}`;
}

function showFailures(result: LoadResult) {
  if (result.failureSamples.length > 0)
    console.info(`  failed answers, first ${result.failureSamples.length}:
    ${result.failureSamples.join('\n    ')}`);
}

/** Conservation after a phase, printed. */
async function conservationAfter(bench: Bench): Promise<Conservation> {
  const conservation = await checkConservation(
    bench.handle.db,
    fundingCents * BigInt(config.customerCount),
  );
  console.info(`  conservation: ${describeConservation(conservation)}`);
  return conservation;
}

async function transferPhase(bench: Bench, keyed: boolean): Promise<TransferPhase> {
  const load = {
    wrk: { transfers: { keyed } },
    node: transfers(bench.customers, keyed),
  };
  await runLoad(bench, load, warmUpSeconds);
  const result = await runLoad(bench, load, config.seconds);
  const name = keyed ? 'keyed transfers (a fresh Idempotency-Key each)' : 'unkeyed transfers';
  console.info(`${name} (${result.client}): ${describeLoad(result)}`);
  showFailures(result);
  return { load: result, tps: answeredRate(result), conservation: await conservationAfter(bench) };
}

/** What became of the withdrawals so far: how far settlement kept up with the load. */
async function withdrawalsByStatus(bench: Bench): Promise<Record<string, number>> {
  const rows = await bench.handle.db
    .select({ status: transactions.status, n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.type, 'withdraw'))
    .groupBy(transactions.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

async function mixedPhase(bench: Bench): Promise<MixedPhase> {
  const load = { wrk: { mixed: true as const }, node: mixed(bench.customers) };
  await runLoad(bench, load, warmUpSeconds);
  const result = await runLoad(bench, load, config.seconds);
  const withdrawals = await withdrawalsByStatus(bench);
  console.info(`mixed load (${result.client}): ${describeLoad(result)}`);
  showFailures(result);
  console.info(
    `  withdrawals by status when the load ended (settled after ${config.settlementDelayMs} ms): ${JSON.stringify(withdrawals)}`,
  );
  return {
    load: result,
    rate: answeredRate(result),
    withdrawals,
    conservation: await conservationAfter(bench),
  };
}

/** Fills the history once, for whichever history phase runs first. */
let historyFilled = false;
async function fillHistoryOnce() {
  if (historyFilled) return;
  console.info(`filling ${config.historyRows} transactions of history…`);
  await fillHistory(databaseUrl(config.serverUrl, dbName), config.historyRows);
  historyFilled = true;
}

async function historySearchPhase(bench: Bench): Promise<HistorySearchPhase> {
  await fillHistoryOnce();
  const [count] = await bench.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions);
  const clients4 = await bench.node.load(
    Math.min(config.seconds, 10),
    historySearches(bench.customers),
    4,
  );
  console.info(
    `history searched (?q=) with ${count?.n} transactions, 4 clients: ${describeLoad(clients4)}`,
  );
  showFailures(clients4);
  return { rows: count?.n ?? 0, clients4, conservation: await conservationAfter(bench) };
}

async function historyPhase(bench: Bench): Promise<HistoryPhase> {
  await fillHistoryOnce();
  const [count] = await bench.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions);
  const pages = historyPages(bench.customers);
  const seconds = Math.min(config.seconds, 10);
  // The latency target is read under moderate load (4 clients); the full run shows capacity.
  const clients4 = await bench.node.load(seconds, pages, 4);
  const saturated = await bench.node.load(seconds, pages, config.clients);
  console.info(
    `history page 1 with ${count?.n} transactions, 4 clients: ${describeLoad(clients4)}; ${config.clients} clients: ${describeLoad(saturated)}`,
  );
  showFailures(clients4);
  showFailures(saturated);
  return {
    rows: count?.n ?? 0,
    clients4,
    saturated,
    conservation: await conservationAfter(bench),
  };
}

async function fairnessPhase(bench: Bench): Promise<FairnessPhase> {
  const result = await measureFairness({
    port: config.port,
    customers: bench.customers,
    seconds: Math.min(config.seconds, 10),
    floodClients: config.floodClients,
  });
  console.info(
    `fairness, ${result.floodClients} flooding connections of one customer, ${result.seconds} s: the other customer's p99 quiet ${ms(result.quietP99)} (${result.otherRequests.quiet} requests), under the flood ${ms(result.floodedP99)} (${result.otherRequests.flooded}), ratio ${result.ratio.toFixed(2)}; the flooder: ${result.flooder.ok} answered, ${result.flooder.refused429} refused 429, ${result.flooder.other} other`,
  );
  return result;
}

/** pgbench's built-in tpcb-like script with the app's clients and duration, on the same server. */
function pgbench(): number {
  const url = databaseUrl(config.serverUrl, dbName);
  execFileSync('pgbench', ['-i', '-q', '-s', String(config.clients), url], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    [
      ...['-c', String(config.clients), '-j', '2', '-T', String(config.seconds)],
      ...['-b', 'tpcb-like', '-n', url],
    ],
    { encoding: 'utf8' },
  );
  const tps = output.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${output}`);
  return Number(tps);
}

async function runPhases(bench: Bench): Promise<Results> {
  const results: Results = {};
  const selected = (phase: Phase) => config.phases.includes(phase);
  if (selected('transfers')) results.transfers = await transferPhase(bench, false);
  if (selected('keyed')) results.keyed = await transferPhase(bench, true);
  // pgbench after the transfer phases and before the mixed one, whose withdrawals go on
  // settling afterwards: its baseline is then measured with nothing else on the server.
  if (results.transfers || results.keyed) {
    const tps = pgbench();
    results.pgbenchTps = tps;
    const ratios = [
      results.transfers && `unkeyed/pgbench ${(results.transfers.tps / tps).toFixed(2)}`,
      results.keyed && `keyed/pgbench ${(results.keyed.tps / tps).toFixed(2)}`,
    ].filter(Boolean);
    console.info(`pgbench tpcb-like: ${tps.toFixed(1)} tps; ${ratios.join(', ')}`);
  }
  if (selected('mixed')) results.mixed = await mixedPhase(bench);
  if (selected('history')) results.history = await historyPhase(bench);
  if (selected('history-search')) results.historySearch = await historySearchPhase(bench);
  if (selected('fairness')) results.fairness = await fairnessPhase(bench);
  return results;
}

async function main() {
  if (
    config.historyRows <= 0 &&
    config.phases.some((phase) => phase === 'history' || phase === 'history-search')
  ) {
    console.info('bench: BENCH_HISTORY_ROWS=0, the history phases are skipped');
    config.phases = config.phases.filter(
      (phase) => phase !== 'history' && phase !== 'history-search',
    );
  }
  const url = databaseUrl(config.serverUrl, dbName);
  console.info(
    `bench: ${config.clients} clients, ${config.seconds} s, ${config.customerCount} customers, phases ${config.phases.join(',')}, server ${config.serverUrl.replace(/\/\/[^@]*@/, '//')}`,
  );
  await recreateDatabase(config.serverUrl, dbName);
  // Seeding a million history rows is no request: no statement time-out (nor query deadline).
  const handle = await createDb({ kind: 'postgres', url, poolSize: 4, statementTimeoutMs: 0 });
  await handle.migrate();
  await ensureBankSettings(handle.db);
  const customers = await createCustomers(handle.db, config.customerCount, fundingCents);
  const wrk = findWrk();
  if (!wrk)
    console.info('bench: no wrk here; the load comes from Node instead (it takes more CPU)');
  const bench: Bench = {
    handle,
    customers,
    wrk,
    node: new NodeClient(config.port, config.clients),
  };

  // Before the load phases fill the database and the page cache.
  const footprint = config.phases.includes('footprint')
    ? await measureFootprints({ root, databaseUrl: url, port: config.port })
    : undefined;
  const api = await startApi({
    root,
    databaseUrl: url,
    port: config.port,
    settlementDelayMs: config.settlementDelayMs,
  });
  try {
    const results = { footprint, ...(await runPhases(bench)) };
    const targetList = targets(results, config.clients);
    const run: RunInfo = {
      clients: config.clients,
      seconds: config.seconds,
      customers: config.customerCount,
      phases: config.phases,
      client: bench.wrk ? 'wrk' : 'node',
    };
    writeResults(results, run, targetList, root);
    for (const target of targetList)
      console.info(
        `target ${target.name}: ${Number.isInteger(target.value) ? target.value : target.value.toFixed(2)} ${target.pass ? 'PASS' : 'FAIL'}`,
      );
    if (phasesBroken(results) > 0) process.exitCode = 1;
  } finally {
    api.kill('SIGTERM');
    await handle.close();
  }
}

await main();

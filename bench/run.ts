/**
 * pnpm bench: the money path under load on the real PostgreSQL, against pgbench's own
 * tpcb-like baseline on the same server, then the history page with 1,000,000 transactions.
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/postgres;
 *                       the bench creates and drops its own database `bank_bench` there)
 *   BENCH_CLIENTS=16 BENCH_SECONDS=20 BENCH_CUSTOMERS=100 BENCH_HISTORY_ROWS=1000000
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  lockAccountsInOrder,
  openCheckingAccount,
  systemAccount,
} from '@bank/api/accounts/service';
import { createSession } from '@bank/api/auth/sessions';
import { ensureBankSettings } from '@bank/api/settings/service';
import { ledgerInvariant } from '@bank/api/testing/money';
import { recordMovement, timelineEntry } from '@bank/api/transactions/ledger';
import { hashPassword } from '@bank/auth/password';
import { createDb } from '@bank/db';
import { accounts, users } from '@bank/db/schema';
import { inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { z } from 'zod';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const clients = Number(process.env.BENCH_CLIENTS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100);
const historyRows = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 3999);
const dbName = 'bank_bench';
const root = fileURLToPath(new URL('..', import.meta.url));

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// A keep-alive agent with one socket per client: lighter than fetch, so the load generator
// takes less of the two cores it shares with the API and PostgreSQL.
const failureSamples: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: clients });

function call(method: string, path: string, token: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          if ((res.statusCode ?? 0) >= 300) text += String(chunk);
        });
        res.on('end', () => {
          if (text && failureSamples.length < 5)
            failureSamples.push(`${res.statusCode} ${text.slice(0, 200)}`);
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function recreateDatabase() {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  await admin.end();
}

async function startApi(): Promise<ChildProcess> {
  // Something already answering there would be measured instead of the API started here.
  if (
    await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use: stop what listens there or set BENCH_PORT`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl(dbName),
        DATABASE_POOL_SIZE: '20',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-bench-')),
        SETTLEMENT_DELAY_MS: '10000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('API did not start');
}

/** Customers with sessions (Bearer tokens) and $1,000,000 each, written straight to the ledger. */
async function createCustomers(handle: ReturnType<typeof createDb>) {
  const passwordHash = await hashPassword('Bench#Password1');
  const customers: Array<{ token: string; accountNumber: string }> = [];
  await handle.db.transaction(async (tx) => {
    const clearing = await systemAccount(tx, 'external_clearing');
    for (let i = 0; i < customerCount; i += 1) {
      const [user] = await tx
        .insert(users)
        .values({
          email: `bench${i}@bench.bank`,
          passwordHash,
          firstName: 'Bench',
          lastName: `Customer${i}`,
          phoneNumber: '+15555550100',
          emailVerifiedAt: new Date(),
        })
        .returning();
      if (!user) throw new Error('user insert failed');
      const account = await openCheckingAccount(tx, user.id);
      const locked = await lockAccountsInOrder(tx, [account.id, clearing.id]);
      const from = locked.get(clearing.id);
      const to = locked.get(account.id);
      if (!from || !to) throw new Error('accounts missing');
      await recordMovement(tx, {
        type: 'deposit',
        status: 'completed',
        amountCents: 100_000_000n,
        description: 'Bench funding',
        category: 'deposit',
        paymentMethod: 'bank_transfer',
        from,
        to,
        senderUserId: null,
        recipientUserId: user.id,
        timeline: [timelineEntry('completed', 'Funded')],
      });
      const { token } = await createSession(tx, {
        userId: user.id,
        persistent: true,
        twoFactorVerified: true,
        ip: null,
        userAgent: 'bench',
      });
      customers.push({ token, accountNumber: account.accountNumber });
    }
  });
  return customers;
}

async function load(
  durationSeconds: number,
  request: (client: number) => Promise<boolean>,
  concurrency = clients,
): Promise<{ ok: number; failed: number; latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const end = started + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const success = await request(client).catch(() => false);
        latencies.push(performance.now() - t0);
        if (success) ok += 1;
        else failed += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { ok, failed, latencies, elapsed: (performance.now() - started) / 1000 };
}

/** wrk, from Debian, as the load generator when it is there (installed here if we are root). */
function findWrk(): string | null {
  const has = () => spawnSync('wrk', ['--version']).error === undefined;
  if (has()) return 'wrk';
  if (process.getuid?.() === 0) {
    console.info('bench: installing wrk (apt-get install wrk)…');
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (has()) return 'wrk';
  }
  return null;
}

/**
 * The transfer load with wrk: a C client with two threads, as pgbench's own (-j 2), so the
 * load generator takes no more of the two cores than pgbench's does. Each request is a
 * transfer between two random customers; the script reports counts and percentiles as JSON.
 */
function wrkTransfers(
  wrk: string,
  customers: Array<{ token: string; accountNumber: string }>,
  durationSeconds: number,
) {
  const dir = mkdtempSync(join(tmpdir(), 'bank-bench-wrk-'));
  const script = join(dir, 'transfer.lua');
  const list = customers.map((c) => `{"${c.token}","${c.accountNumber}"}`).join(',\n');
  writeFileSync(
    script,
    `local customers = {\n${list}\n}
local n = #customers
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end
function init(args)
  math.randomseed(os.time() * 100 + (seed or 0))
end
function request()
  local from = math.random(n)
  local to = ((from + math.random(n - 1) - 1) % n) + 1
  local body = '{"recipientAccountNumber":"' .. customers[to][2] .. '","amount":' .. (math.random(500) / 100) .. '}'
  return wrk.format("POST", "/api/v1/transactions/transfer",
    { ["Authorization"] = "Bearer " .. customers[from][1], ["Content-Type"] = "application/json" }, body)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration_us":%d,"status_errors":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`,
  );
  const output = execFileSync(
    wrk,
    [
      '-t',
      '2',
      '-c',
      String(clients),
      '-d',
      `${durationSeconds}s`,
      '-s',
      script,
      `http://127.0.0.1:${port}`,
    ],
    { encoding: 'utf8' },
  );
  const line = output.split('\n').find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`could not read wrk output:\n${output}`);
  const result = z
    .object({
      requests: z.number(),
      duration_us: z.number(),
      status_errors: z.number(),
      socket_errors: z.number(),
      p50_us: z.number(),
      p99_us: z.number(),
    })
    .parse(JSON.parse(line.slice(4)));
  const failed = result.status_errors + result.socket_errors;
  return {
    ok: result.requests - result.status_errors,
    failed,
    elapsed: result.duration_us / 1e6,
    p50: result.p50_us / 1000,
    p99: result.p99_us / 1000,
  };
}

function pgbench(): number {
  const url = databaseUrl(dbName);
  execFileSync('pgbench', ['-i', '-q', '-s', String(clients), url], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    ['-c', String(clients), '-j', '2', '-T', String(seconds), '-b', 'tpcb-like', '-n', url],
    {
      encoding: 'utf8',
    },
  );
  const tps = output.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${output}`);
  return Number(tps);
}

/** 1,000,000 transfers in mirrored pairs, so every account's ledger still nets to its balance. */
async function fillHistory(handle: ReturnType<typeof createDb>, rows: number) {
  const sqlClient = postgres(databaseUrl(dbName), { max: 1, onnotice: () => {} });
  await sqlClient.unsafe(`
    with customer as (
      select array_agg(id order by account_number) as ids, array_agg(user_id order by account_number) as uids, count(*)::int as n
      from accounts where kind = 'customer'
    ), pairs as (
      select g, (g / 2) as p, (g % 2) as flip from generate_series(0, ${rows - 1}) g
    ), inserted as (
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, sender_user_id, recipient_user_id, created_at, updated_at, timeline)
      select 'transfer', 'completed', 100 + (p % 5000), 'History ' || g, 'transfer', 'internal_transfer',
        c.ids[1 + case when flip = 0 then p % c.n else (p + 1) % c.n end],
        c.ids[1 + case when flip = 0 then (p + 1) % c.n else p % c.n end],
        c.uids[1 + case when flip = 0 then p % c.n else (p + 1) % c.n end],
        c.uids[1 + case when flip = 0 then (p + 1) % c.n else p % c.n end],
        now() - interval '400 days' + (g * interval '30 seconds'), now(), '[]'::jsonb
      from pairs, customer c
      returning id, from_account_id, to_account_id, amount_cents, created_at
    )
    insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
    select id, from_account_id, -amount_cents, created_at from inserted
    union all
    select id, to_account_id, amount_cents, created_at from inserted
  `);
  // The inserts bypassed the movement statement: bring each account's count up to date.
  await sqlClient.unsafe(`
    update accounts a set transaction_count = c.n
    from (
      select account_id, count(*)::int as n from (
        select from_account_id as account_id from transactions
        union all select to_account_id from transactions
      ) sides group by account_id
    ) c
    where c.account_id = a.id
  `);
  await sqlClient.unsafe('vacuum analyze accounts');
  await sqlClient.unsafe('vacuum analyze transactions');
  await sqlClient.unsafe('vacuum analyze ledger_entries');
  await sqlClient.end();
  void handle;
}

async function main() {
  console.info(
    `bench: ${clients} clients, ${seconds} s, ${customerCount} customers, server ${serverUrl.replace(/\/\/[^@]*@/, '//')}`,
  );
  await recreateDatabase();
  const handle = createDb({ kind: 'postgres', url: databaseUrl(dbName), poolSize: 4 });
  await handle.migrate();
  await ensureBankSettings(handle.db);
  const customers = await createCustomers(handle);
  const numbers = customers.map((c) => c.accountNumber);
  const totalBefore = await sumCustomerBalances(handle, numbers);

  const api = await startApi();
  try {
    const transfer = async () => {
      const from = Math.floor(Math.random() * customers.length);
      const to = (from + 1 + Math.floor(Math.random() * (customers.length - 1))) % customers.length;
      const body = JSON.stringify({
        recipientAccountNumber: customers[to]?.accountNumber,
        amount: (1 + Math.floor(Math.random() * 500)) / 100,
      });
      return (
        (await call(
          'POST',
          '/api/v1/transactions/transfer',
          customers[from]?.token ?? '',
          body,
        )) === 201
      );
    };
    const wrk = findWrk();
    let app: { ok: number; failed: number; elapsed: number; p50: number; p99: number };
    if (wrk) {
      wrkTransfers(wrk, customers, 2); // warm-up
      app = wrkTransfers(wrk, customers, seconds);
    } else {
      console.info('bench: no wrk here; the load comes from Node instead (it takes more CPU)');
      await load(2, transfer); // warm-up
      const run = await load(seconds, transfer);
      app = { ...run, p50: percentile(run.latencies, 50), p99: percentile(run.latencies, 99) };
    }
    const appTps = app.ok / app.elapsed;
    console.info(
      `app transfers (${wrk ? 'wrk' : 'node'}): ${appTps.toFixed(1)}/s (${app.ok} ok, ${app.failed} failed) p50 ${app.p50.toFixed(1)} ms p99 ${app.p99.toFixed(1)} ms`,
    );

    if (failureSamples.length > 0)
      console.info(
        `failed answers, first ${failureSamples.length}:\n  ${failureSamples.join('\n  ')}`,
      );
    const totalAfter = await sumCustomerBalances(handle, numbers);
    const invariant = await ledgerInvariant(handle.db);
    const conserved =
      totalAfter === totalBefore &&
      invariant.mismatched === 0 &&
      invariant.entriesSum === 0n &&
      invariant.negativeCustomerBalances === 0 &&
      invariant.unbalancedTransactions === 0;
    console.info(
      `conservation: before ${totalBefore} cents, after ${totalAfter} cents, ledger ${JSON.stringify({ ...invariant, entriesSum: String(invariant.entriesSum) })} -> ${conserved ? 'holds' : 'BROKEN'}`,
    );

    const pgTps = pgbench();
    const ratio = appTps / pgTps;
    console.info(
      `pgbench tpcb-like: ${pgTps.toFixed(1)} tps; ratio app/pgbench ${ratio.toFixed(2)}`,
    );

    console.info(`filling ${historyRows} transactions of history…`);
    await fillHistory(handle, historyRows);
    const page = async (client: number) => {
      const customer =
        customers[(client * 7 + Math.floor(Math.random() * customers.length)) % customers.length];
      return (
        (await call('GET', '/api/v1/transactions?page=1&limit=10', customer?.token ?? '')) === 200
      );
    };
    const [countRow] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`transactions`);
    // The latency target is read under moderate load (4 clients); the 16-client run shows capacity.
    const list = await load(Math.min(seconds, 10), page, 4);
    const listSaturated = await load(Math.min(seconds, 10), page, clients);
    console.info(
      `history page 1 with ${countRow?.n} transactions, 4 clients: ${(list.ok / list.elapsed).toFixed(1)}/s p50 ${percentile(list.latencies, 50).toFixed(1)} ms p99 ${percentile(list.latencies, 99).toFixed(1)} ms; ${clients} clients: ${(listSaturated.ok / listSaturated.elapsed).toFixed(1)}/s p50 ${percentile(listSaturated.latencies, 50).toFixed(1)} ms p99 ${percentile(listSaturated.latencies, 99).toFixed(1)} ms`,
    );

    const results = {
      date: new Date().toISOString(),
      clients,
      seconds,
      app: {
        client: wrk ? 'wrk' : 'node',
        tps: appTps,
        p50: app.p50,
        p99: app.p99,
        failed: app.failed,
      },
      pgbench: { tps: pgTps },
      ratio,
      conserved,
      history: {
        rows: countRow?.n,
        clients4: {
          rps: list.ok / list.elapsed,
          p50: percentile(list.latencies, 50),
          p99: percentile(list.latencies, 99),
        },
        saturated: {
          clients,
          rps: listSaturated.ok / listSaturated.elapsed,
          p50: percentile(listSaturated.latencies, 50),
          p99: percentile(listSaturated.latencies, 99),
        },
      },
      targets: {
        ratio: ratio >= 0.5,
        transferP99: app.p99 <= 50,
        historyP99: percentile(list.latencies, 99) <= 20,
      },
    };
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, 'bench-results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.info(
      `targets: ratio >= 0.5 ${results.targets.ratio ? 'PASS' : 'FAIL'}; transfer p99 <= 50 ms ${results.targets.transferP99 ? 'PASS' : 'FAIL'}; history p99 <= 20 ms (4 clients) ${results.targets.historyP99 ? 'PASS' : 'FAIL'}; conservation ${conserved ? 'PASS' : 'FAIL'}`,
    );
    if (!conserved) process.exitCode = 1;
  } finally {
    api.kill('SIGTERM');
    await handle.close();
  }
}

async function sumCustomerBalances(handle: ReturnType<typeof createDb>, numbers: string[]) {
  const [row] = await handle.db
    .select({ total: sql<string>`coalesce(sum(${accounts.balanceCents}), 0)::text` })
    .from(accounts)
    .where(inArray(accounts.accountNumber, numbers));
  return BigInt(row?.total ?? '0');
}

await main();

/**
 * The server's footprint (docs/benchmarks.md): time from `node apps/server/dist/main.mjs` to its first
 * /healthz answer, and its resident memory idle and under load, on PostgreSQL and on the
 * embedded database (a fresh data folder, then a restart on it). The load is what every visit
 * costs: the SPA shell, a session check over tRPC and REST, a compressed asset.
 *
 *   pnpm bench                      (runs this section first)
 *   BENCH_PHASES=footprint pnpm bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Footprint {
  database: string;
  startMs: number;
  idleRssMb: number;
  loadRssMb: number;
  requests: number;
}

const IDLE_SETTLE_MS = 3000;
const LOAD_MS = 10_000;
const LOAD_CLIENTS = 16;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not answer /healthz within 60 s');
}

async function load(port: number): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const asset = readdirSync(join(process.cwd(), 'apps/web/dist/assets')).find((file) =>
    file.endsWith('.js'),
  );
  const urls = [
    `${base}/login`,
    `${base}/trpc/auth.me?batch=1&input=${encodeURIComponent('{"0":{}}')}`,
    `${base}/api/v1/auth/me`,
    ...(asset ? [`${base}/assets/${asset}`] : []),
  ];
  const until = Date.now() + LOAD_MS;
  let requests = 0;
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async (_, client) => {
      let i = client;
      while (Date.now() < until) {
        const url = urls[i++ % urls.length] ?? base;
        const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        requests++;
      }
    }),
  );
  return requests;
}

async function measure(
  root: string,
  database: string,
  env: Record<string, string>,
  port: number,
): Promise<Footprint> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=8', join(root, 'apps/server/dist/main.mjs')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    await waitForHealth(port, child);
    const startMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const pid = child.pid ?? 0;
    const idleRssMb = rssMb(pid);
    let loadRssMb = 0;
    const sampler = setInterval(() => {
      loadRssMb = Math.max(loadRssMb, rssMb(pid));
    }, 250);
    const requests = await load(port);
    clearInterval(sampler);
    loadRssMb = Math.max(loadRssMb, rssMb(pid));
    return { database, startMs, idleRssMb, loadRssMb, requests };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** PostgreSQL at `databaseUrl` (migrated already), then the embedded database twice. */
export async function measureFootprints(opts: {
  root: string;
  databaseUrl: string;
  port: number;
}): Promise<Footprint[]> {
  const results: Footprint[] = [];
  results.push(
    await measure(opts.root, 'PostgreSQL', { DATABASE_URL: opts.databaseUrl }, opts.port),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-footprint-'));
  results.push(
    await measure(opts.root, 'embedded, fresh folder', { DATA_DIR: dataDir }, opts.port),
  );
  results.push(await measure(opts.root, 'embedded, restart', { DATA_DIR: dataDir }, opts.port));
  for (const result of results) {
    console.info(
      `footprint ${result.database}: start ${result.startMs} ms, RSS idle ${result.idleRssMb} MB, under load ${result.loadRssMb} MB (${result.requests} requests in ${LOAD_MS / 1000} s, ${LOAD_CLIENTS} clients)`,
    );
  }
  return results;
}

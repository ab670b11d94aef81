import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createDb } from '@bank/db';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { serverBundle } from './testing-bundle.ts';

/**
 * Test support: the real `start` in a child process, as production runs it: the built bundle
 * (dist/main.mjs, made fresh by the tests' globalSetup) under plain node with `pnpm start`'s
 * flags, never the sources through tsx (a bundling defect showed only in the bundle).
 */

export interface ChildServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once /healthz answers 200; rejects, with the output, on timeout or exit. */
  healthy(timeoutMs: number): Promise<void>;
  /** Sends the signal (if still running) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A port nothing listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `env` is all the child gets besides these defaults (pass PATH along if it needs one). */
export function startChildServer(port: number, env: Record<string, string>): ChildServer {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=8', serverBundle],
    {
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    baseUrl,
    output: () => output,
    exited,
    async healthy(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running) throw new Error(`the server on ${port} exited:\n${output}`);
        const ok = await fetch(`${baseUrl}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(
        `the server on ${port} did not answer /healthz in ${timeoutMs} ms:\n${output}`,
      );
    },
    async stop(signal = 'SIGTERM') {
      if (running) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh database on the server of `serverUrl`, and how to drop it. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = await createDb({ kind: 'postgres', url: serverUrl, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(statement));
    } finally {
      await admin.close();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * What a test file starts (databases, relays, child servers) and undoes after its tests, the
 * latest first: a server is killed before its database is dropped.
 */
export function useTeardown() {
  const steps: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of steps.reverse()) await step();
  });
  return {
    /** Runs `step` after the file's tests. */
    later(step: () => Promise<unknown>) {
      steps.push(step);
    },
    /** A fresh database on `serverUrl`'s server, dropped after the tests. */
    async freshDatabase(serverUrl: string) {
      const database = await freshPostgresDatabase(serverUrl);
      steps.push(database.drop);
      return database;
    },
    /** The built server on a free port with `env` (see startChildServer), killed after the tests. */
    async startServer(env: Record<string, string>) {
      const server = startChildServer(await freePort(), env);
      steps.push(() => server.stop('SIGKILL'));
      return server;
    },
  };
}

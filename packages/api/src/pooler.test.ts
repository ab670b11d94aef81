import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContextInner } from './context.ts';
import { createCaller } from './root.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { fundedCustomer } from './testing/money.ts';

// PgBouncer in transaction mode (Debian's) in front of the test server, DATABASE_URL through it
// and DATABASE_DIRECT_URL beside it: a PostgreSQL run on a machine with pgbouncer installed.
const serverUrl = process.env.TEST_DATABASE_URL;
const script = fileURLToPath(new URL('../../../scripts/pgbouncer.sh', import.meta.url));
const runs = Boolean(serverUrl) && existsSync('/usr/sbin/pgbouncer');
const port = Number(process.env.TEST_PGBOUNCER_PORT ?? 56402);

describe.runIf(runs)('through PgBouncer in transaction mode', () => {
  let bouncer: ChildProcess;
  let app: TestApp;

  beforeAll(async () => {
    bouncer = spawn('bash', [script, String(port), serverUrl ?? ''], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const poolerUrl = await new Promise<string>((resolve, reject) => {
      bouncer.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      bouncer.once('exit', (code) => reject(new Error(`pgbouncer.sh exited ${code}`)));
    });
    app = await createTestApp({ poolerUrl });
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    bouncer?.kill('SIGTERM');
  });

  it('signs in, reads, moves money and delivers events again and again, never a 500', async () => {
    const bob = await fundedCustomer(app, 0, 'Bob');
    const bobCtx = createContextInner({
      deps: app.deps,
      auth: await app.deps.sessions.validate(bob.token),
    });
    const controller = new AbortController();
    const stream = await createCaller(bobCtx, { signal: controller.signal }).events.onEvent();
    let heard = 0;
    const listening = (async () => {
      for await (const _ of stream) heard += 1;
    })().catch(() => {});
    const alice = await fundedCustomer(app, 1000, 'Alice');
    for (let round = 0; round < 12; round += 1) {
      const { token } = await app.signIn(alice.email);
      const caller = await app.caller(token);
      await caller.transactions.balance();
      await caller.transactions.list({});
      await caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount: 1 });
    }
    // Each transfer reached Bob's subscription (LISTEN on the direct connection).
    await vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(12), { timeout: 10_000 });
    controller.abort();
    await listening;
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCheckingAccount } from '@bank/api/accounts/service';
import { createSession } from '@bank/api/auth/sessions';
import { ledgerInvariant, soundLedger } from '@bank/api/testing/money';
import { hashPassword } from '@bank/auth/password';
import { createDb, type DbHandle, type DbOptions } from '@bank/db';
import { accounts, transactions, users } from '@bank/db/schema';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, freshPostgresDatabase, useTeardown } from './testing-child.ts';

/**
 * The server process is killed (SIGKILL) in the middle of a load of money-moving requests and
 * started again on the same data; every request left unanswered is retried with its
 * Idempotency-Key (docs/architecture.md 3). A retry gets a definite answer at once, money is conserved to
 * the cent, nothing is applied twice and every 2xx answer is in the history.
 */

const testCard = { cardNumber: '4111111111111111', expiryDate: '12/39', cvv: '123' };
const customerCount = 6;
const loadClients = 32;
/** Requests answered before the server is frozen and killed. */
const loadAnswers = 300;

interface Customer {
  token: string;
  accountNumber: string;
}

interface Call {
  path: string;
  token: string;
  key: string;
  description: string;
  body: Record<string, unknown>;
}

type Outcome =
  | { answered: true; status: number; body: unknown; replayed: boolean }
  | { answered: false; error: string };

interface Storage {
  env: Record<string, string>;
  db: DbOptions;
  cleanup(): Promise<void>;
}

async function send(baseUrl: string, call: Call): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/api/v1${call.path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${call.token}`,
        'content-type': 'application/json',
        'idempotency-key': call.key,
      },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(25_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    return {
      answered: true,
      status: response.status,
      body,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return { answered: false, error: `${String(error)} ${cause}`.trim() };
  }
}

/** Counts of the load's requests, and a wait for a condition on them (no clock involved). */
function loadProgress() {
  const counts = { inFlight: 0, answered: 0 };
  const waiting = new Set<() => void>();
  const changed = () => {
    for (const check of [...waiting]) check();
  };
  return {
    sending() {
      counts.inFlight += 1;
      changed();
    },
    answered() {
      counts.inFlight -= 1;
      counts.answered += 1;
      changed();
    },
    until(condition: (now: typeof counts) => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!condition(counts)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    },
  };
}

function messageOf(body: unknown): string {
  return typeof body === 'object' && body !== null && 'message' in body
    ? String(body.message)
    : JSON.stringify(body);
}

function transactionIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('transaction' in body)) return undefined;
  const transaction = body.transaction;
  if (typeof transaction !== 'object' || transaction === null || !('id' in transaction))
    return undefined;
  return typeof transaction.id === 'string' ? transaction.id : undefined;
}

const dollars = (min: number, max: number) => randomInt(min * 100, max * 100) / 100;

/** Customers made in the database directly: verified, with a checking account and a session. */
async function createCustomers(handle: DbHandle, run: string): Promise<Customer[]> {
  const passwordHash = await hashPassword('Crash#Password1');
  const customers: Customer[] = [];
  for (let i = 0; i < customerCount; i += 1) {
    const [user] = await handle.db
      .insert(users)
      .values({
        email: `crash${i}-${run}@crash.bank`,
        passwordHash,
        firstName: 'Crash',
        lastName: `Customer${i}`,
        phoneNumber: '+15555550100',
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!user) throw new Error('user insert failed');
    const account = await openCheckingAccount(handle.db, user.id);
    const { token } = await createSession(handle.db, {
      userId: user.id,
      persistent: true,
      twoFactorVerified: true,
      ip: null,
      userAgent: 'crash test',
    });
    customers.push({ token, accountNumber: account.accountNumber });
  }
  return customers;
}

function crashSuite(name: string, prepare: () => Promise<Storage>) {
  describe(`a server killed mid-load and restarted on the same ${name} data`, () => {
    const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const teardown = useTeardown();
    const children: ChildServer[] = [];
    /** Every keyed call made, with what it was answered before the kill. */
    const calls: Array<{ call: Call; before: Outcome }> = [];
    const retries: Array<{ call: Call; after: Outcome }> = [];
    const resends: Array<{ call: Call; before: Outcome; after: Outcome }> = [];
    let funding: Outcome[] = [];
    let checked:
      | {
          totalBalance: bigint;
          invariant: Awaited<ReturnType<typeof ledgerInvariant>>;
          byDescription: Map<string, number>;
          ids: Map<string, string>;
        }
      | undefined;
    /** What the database held after the retries (read once the server had stopped). */
    const found = () => {
      if (!checked) throw new Error('the crash run did not finish');
      return checked;
    };

    async function start(storage: Storage): Promise<ChildServer> {
      const child = await teardown.startServer(storage.env);
      children.push(child);
      await child.healthy(75_000);
      return child;
    }

    /** One stage of the run, bounded, so a hang names the stage and shows the servers' output. */
    async function step<T>(stage: string, ms: number, work: () => Promise<T>): Promise<T> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const output = children.map(
            (child, i) => `server ${i + 1}:\n${child.output().slice(-4000)}`,
          );
          reject(new Error(`${stage}: not done after ${ms} ms\n${output.join('\n')}`));
        }, ms);
      });
      try {
        return await Promise.race([work(), late]);
      } finally {
        clearTimeout(timer);
      }
    }

    beforeAll(async () => {
      const storage = await prepare();
      teardown.later(storage.cleanup);

      // PGlite is owned by one process: the customers are made before the server starts.
      const customers = await step('creating the customers', 45_000, async () => {
        const setup = await createDb(storage.db);
        try {
          await setup.migrate();
          return await createCustomers(setup, run);
        } finally {
          await setup.close();
        }
      });

      const first = await start(storage);
      funding = await step('funding the customers', 30_000, () =>
        Promise.all(
          customers.map((customer, i) =>
            send(first.baseUrl, {
              path: '/transactions/deposit',
              token: customer.token,
              key: `fund-${run}-${i}`,
              description: `fund ${run} ${i}`,
              body: { amount: 1000, method: 'card', description: `fund ${run} ${i}`, ...testCard },
            }),
          ),
        ),
      );
      for (const outcome of funding) {
        if (!outcome.answered || outcome.status !== 201)
          throw new Error(`funding failed: ${JSON.stringify(outcome)}\n${first.output()}`);
      }

      let next = 0;
      const nextCall = (): Call => {
        next += 1;
        const description = `crash ${run} ${next}`;
        const key = `crash-${run}-${next}`;
        const from = randomInt(customerCount);
        const token = customers[from]?.token ?? '';
        const kind = randomInt(10);
        if (kind < 6) {
          const to = (from + 1 + randomInt(customerCount - 1)) % customerCount;
          return {
            path: '/transactions/transfer',
            token,
            key,
            description,
            body: {
              recipientAccountNumber: customers[to]?.accountNumber,
              amount: dollars(1, 40),
              description,
            },
          };
        }
        if (kind < 8) {
          return {
            path: '/transactions/deposit',
            token,
            key,
            description,
            body: { amount: dollars(1, 40), method: 'card', description, ...testCard },
          };
        }
        // One withdrawal in four asks for more than anyone holds: refused, 'Insufficient funds'.
        const amount = randomInt(4) === 0 ? 20_000 : dollars(1, 40);
        return {
          path: '/transactions/withdraw',
          token,
          key,
          description,
          body: { amount, method: 'cash_pickup', description },
        };
      };

      // One refusal for certain, answered before the kill, so that a replayed refusal is seen.
      const refusal = nextCall();
      const refused: Call = {
        ...refusal,
        path: '/transactions/withdraw',
        body: { amount: 20_000, method: 'cash_pickup', description: refusal.description },
      };
      calls.push({ call: refused, before: await send(first.baseUrl, refused) });

      // The load, cut by SIGKILL while requests are in flight; no new ones after the kill.
      // The server is frozen first (SIGSTOP): what it was doing stays undone or unanswered, and
      // every client's next request waits in its socket, so the kill lands with requests in
      // flight however fast the server had answered until then (a kill timed by the clients
      // alone once found every request answered: the clients, not the server, were behind).
      let killed = false;
      const progress = loadProgress();
      const load = Promise.all(
        Array.from({ length: loadClients }, async () => {
          while (!killed) {
            const call = nextCall();
            progress.sending();
            const before = await send(first.baseUrl, call);
            progress.answered();
            calls.push({ call, before });
          }
        }),
      );
      await step('the load', 60_000, () =>
        progress.until(({ answered }) => answered >= loadAnswers),
      );
      await step('killing the server', 15_000, async () => {
        first.child.kill('SIGSTOP');
        // Every client's next request is sent and waits in its socket.
        await progress.until(({ inFlight }) => inFlight === loadClients);
        const stopped = first.stop('SIGKILL');
        killed = true;
        await stopped;
        await load;
      });
      if (first.child.signalCode !== 'SIGKILL')
        throw new Error(`the server had stopped before the kill:\n${first.output()}`);

      // Restart on the same data; retry every unanswered request with its key and body, and
      // re-send a few answered ones.
      const second = await start(storage);
      const unanswered = calls.filter(({ before }) => !before.answered);
      const answered = calls.filter(
        (entry): entry is { call: Call; before: Extract<Outcome, { answered: true }> } =>
          entry.before.answered,
      );
      const toResend = [
        ...answered.filter(({ before }) => before.status === 201).slice(0, 4),
        ...answered.filter(({ before }) => before.status === 400).slice(0, 2),
      ];
      // Each customer's calls one after another: all at once, one session's would be over the
      // API's bound on calls in flight and answered 429 (fairness).
      const jobs = [
        ...unanswered.map(({ call }) => ({
          token: call.token,
          run: async () => {
            retries.push({ call, after: await send(second.baseUrl, call) });
          },
        })),
        ...toResend.map(({ call, before }) => ({
          token: call.token,
          run: async () => {
            resends.push({ call, before, after: await send(second.baseUrl, call) });
          },
        })),
      ];
      const byCustomer = new Map<string, typeof jobs>();
      for (const job of jobs)
        byCustomer.set(job.token, [...(byCustomer.get(job.token) ?? []), job]);
      await step('retrying after the restart', 30_000, () =>
        Promise.all(
          [...byCustomer.values()].map(async (own) => {
            for (const job of own) await job.run();
          }),
        ),
      );
      // PGlite again: the database is read once the server has let go of it.
      await step('stopping the restarted server (SIGTERM)', 30_000, () => second.stop('SIGTERM'));

      const check = await createDb(storage.db);
      await step('reading the database', 45_000, async () => {
        try {
          const [total] = await check.db
            .select({ sum: sql<string>`coalesce(sum(${accounts.balanceCents}), 0)::text` })
            .from(accounts);
          const rows = await check.db
            .select({ id: transactions.id, description: transactions.description })
            .from(transactions)
            .where(sql`${transactions.description} like ${`% ${run} %`}`);
          const byDescription = new Map<string, number>();
          for (const row of rows)
            byDescription.set(row.description, (byDescription.get(row.description) ?? 0) + 1);
          const twoHundreds = [
            ...funding,
            ...calls.map(({ before }) => before),
            ...retries.map(({ after }) => after),
            ...resends.map(({ after }) => after),
          ].flatMap((outcome) =>
            outcome.answered && outcome.status < 300 ? [transactionIdOf(outcome.body) ?? ''] : [],
          );
          const known = await check.db
            .select({ id: transactions.id, description: transactions.description })
            .from(transactions)
            .where(inArray(transactions.id, [...new Set(twoHundreds.filter(Boolean))]));
          checked = {
            totalBalance: BigInt(total?.sum ?? '0'),
            invariant: await ledgerInvariant(check.db),
            byDescription,
            ids: new Map(known.map((row) => [row.id, row.description])),
          };
        } finally {
          await check.close();
        }
      });
    }, 360_000);

    it('the kill left requests unanswered (otherwise this test proves nothing)', () => {
      const answered = calls.filter(({ before }) => before.answered).length;
      expect(answered).toBeGreaterThan(0);
      expect(calls.length - answered).toBeGreaterThan(0);
    });

    it('every retry after the restart gets a definite answer at once: 201, or a 400 refusal, never 409 or 5xx', () => {
      const indefinite = retries.flatMap(({ call, after }) =>
        after.answered && (after.status === 201 || after.status === 400)
          ? []
          : [
              after.answered
                ? `${call.key}: ${after.status} ${messageOf(after.body)}`
                : `${call.key}: no answer (${after.error})`,
            ],
      );
      expect(indefinite, `${indefinite.length} of ${retries.length} retries`).toEqual([]);
    });

    it('a re-sent answered request gets its first answer again', () => {
      expect(resends.length).toBeGreaterThan(0);
      for (const { call, before, after } of resends) {
        expect(after.answered, call.key).toBe(true);
        if (!before.answered || !after.answered) continue;
        expect({ status: after.status, body: after.body }, call.key).toEqual({
          status: before.status,
          body: before.body,
        });
      }
    });

    // Kept apart from the answers themselves, so a missing header names only itself.
    const unmarkedReplays = (status: number) =>
      resends
        .filter(({ before }) => before.answered && before.status === status)
        .filter(({ after }) => !after.answered || !after.replayed)
        .map(({ call }) => call.key);

    it('a replayed 201 says so: Idempotent-Replayed: true', () => {
      expect(unmarkedReplays(201), 'replayed 201 answers without the header').toEqual([]);
    });

    it('a replayed refusal (400) says so too: Idempotent-Replayed: true', () => {
      expect(resends.some(({ before }) => before.answered && before.status === 400)).toBe(true);
      expect(unmarkedReplays(400), 'replayed 400 refusals without the header').toEqual([]);
    });

    it('money is conserved to the cent: every balance is the sum of its entries, all sum to zero', () => {
      expect(found().totalBalance).toBe(0n);
      expect(found().invariant).toEqual(soundLedger);
    });

    it('nothing is applied twice, and a refusal applies nothing', () => {
      const twice = [...found().byDescription].filter(([, count]) => count > 1);
      expect(twice).toEqual([]);
      const latest = new Map<string, Outcome>();
      for (const { call, before } of calls) latest.set(call.description, before);
      for (const { call, after } of retries) latest.set(call.description, after);
      const refusedButApplied = [...latest].filter(
        ([description, outcome]) =>
          outcome.answered && outcome.status === 400 && found().byDescription.has(description),
      );
      expect(refusedButApplied.map(([description]) => description)).toEqual([]);
    });

    it('every 2xx answer is in the history, with its own description', () => {
      const answers = [
        ...funding.map((outcome, i) => ({ description: `fund ${run} ${i}`, outcome })),
        ...calls.map(({ call, before }) => ({ description: call.description, outcome: before })),
        ...retries.map(({ call, after }) => ({ description: call.description, outcome: after })),
        ...resends.map(({ call, after }) => ({ description: call.description, outcome: after })),
      ];
      const missing = answers.flatMap(({ description, outcome }) => {
        if (!outcome.answered || outcome.status >= 300) return [];
        const id = transactionIdOf(outcome.body);
        return id && found().ids.get(id) === description ? [] : [`${description}: ${id}`];
      });
      expect(missing).toEqual([]);
    });
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
const encryptionKey = randomBytes(32).toString('base64');

if (serverUrl) {
  crashSuite('PostgreSQL', async () => {
    const database = await freshPostgresDatabase(serverUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'bank-crash-'));
    return {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: encryptionKey,
        SETTLEMENT_DELAY_MS: '500',
      },
      db: { kind: 'postgres', url: database.url, poolSize: 2 },
      async cleanup() {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}

crashSuite('PGlite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-crash-'));
  return {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SETTLEMENT_DELAY_MS: '500' },
    db: { kind: 'pglite', dir: join(dataDir, 'pglite') },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

import { accounts, transactions } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerDesk } from '../ledger/desk.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { fundedCustomer, testCard } from '../testing/money.ts';
import { expectSoundLedger } from '../testing/sound-ledger.ts';
import { settlePendingTransactions } from './settlement.ts';

// Double-spend, deadlock and idempotency races need a real server with real concurrency.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('concurrent transfers on PostgreSQL', () => {
  let app: TestApp;
  let customers: Awaited<ReturnType<typeof fundedCustomer>>[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    customers = [];
    for (let i = 0; i < 20; i += 1) customers.push(await fundedCustomer(app, 1000, `Racer${i}`));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** What the racing customers hold together. */
  async function sumOf() {
    const [row] = await app.db
      .select({ total: sql<string>`sum(${accounts.balanceCents})::text` })
      .from(accounts)
      .where(
        inArray(
          accounts.accountNumber,
          customers.map((c) => c.accountNumber),
        ),
      );
    return BigInt(row?.total ?? '0');
  }

  it('500 transfers among 20 accounts in random directions lose, invent and double-spend nothing', async () => {
    const numbers = customers.map((c) => c.accountNumber);
    const before = await sumOf();
    expect(before).toBe(20n * 100_000n);

    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    type Call = { from: number; to: number; amount: number; key?: string; description: string };
    const calls: Call[] = [];
    // 100 keyed requests, each sent two or three times (the client retrying), among the 500.
    for (let k = 0; calls.length < 250; k += 1) {
      const from = Math.floor(random() * 20);
      const to = (from + 1 + Math.floor(random() * 19)) % 20;
      const call = {
        from,
        to,
        amount: Math.round(random() * 40000) / 100 + 1,
        key: `race-${k}-${crypto.randomUUID()}`,
        description: `keyed ${k}`,
      };
      const copies = 2 + Math.floor(random() * 2);
      for (let c = 0; c < copies && calls.length < 250; c += 1) calls.push(call);
    }
    while (calls.length < 500) {
      const from = Math.floor(random() * 20);
      const to = (from + 1 + Math.floor(random() * 19)) % 20;
      // Up to $1,200: some exceed what the sender holds at that moment.
      calls.push({
        from,
        to,
        amount: Math.round(random() * 120000) / 100 + 0.01,
        description: `plain ${calls.length}`,
      });
    }
    calls.sort(() => random() - 0.5);

    const results = await Promise.allSettled(
      calls.map(async (call) => {
        const sender = customers[call.from];
        if (!sender) throw new Error('no such customer');
        return sender.caller.transactions.transfer({
          recipientAccountNumber: numbers[call.to] ?? '',
          amount: call.amount,
          description: call.description,
          idempotencyKey: call.key,
        });
      }),
    );

    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    const unexpected = failures.filter(
      (error) =>
        !(error instanceof TRPCError) ||
        !(
          (error.code === 'BAD_REQUEST' && error.message === 'Insufficient funds') ||
          error.code === 'CONFLICT'
        ),
    );
    expect(unexpected.map(String)).toEqual([]);
    expect(failures.some((e) => e instanceof TRPCError && e.message === 'Insufficient funds')).toBe(
      true,
    );

    // Conservation, the ledger, and no negative balance.
    expect(await sumOf()).toBe(before);
    await expectSoundLedger(app.db);

    // Every idempotency key moved money at most once, and its answers agree.
    const keyed = [...new Set(calls.filter((c) => c.key).map((c) => c.description))];
    const counts = await app.db
      .select({ description: transactions.description, n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(inArray(transactions.description, keyed))
      .groupBy(transactions.description);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    const idsByKey = new Map<string, Set<string>>();
    results.forEach((result, index) => {
      const call = calls[index];
      if (result.status === 'fulfilled' && call?.key) {
        const ids = idsByKey.get(call.key) ?? new Set();
        ids.add(result.value.transaction.id);
        idsByKey.set(call.key, ids);
      }
    });
    expect([...idsByKey.values()].every((ids) => ids.size === 1)).toBe(true);

    // The plain transfers that succeeded are all there.
    const succeededPlain = results.filter(
      (r, i) => r.status === 'fulfilled' && !calls[i]?.key,
    ).length;
    const [plain] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(sql`${transactions.description} like 'plain %' and ${transactions.type} = 'transfer'`);
    expect(plain?.n).toBe(succeededPlain);
  }, 120_000);

  it('deposits, withdrawals, external transfers and two settlement workers racing the transfers keep every cent', async () => {
    const numbers = customers.map((c) => c.accountNumber);
    const before = await sumOf();
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    type Call = {
      from: number;
      kind: 'transfer' | 'external' | 'deposit' | 'withdraw';
      to: number;
      amount: number;
      key: string;
    };
    const calls: Call[] = [];
    for (let k = 0; calls.length < 400; k += 1) {
      const from = Math.floor(random() * 20);
      const pick = random();
      const kind =
        pick < 0.4 ? 'transfer' : pick < 0.55 ? 'external' : pick < 0.8 ? 'deposit' : 'withdraw';
      const call: Call = {
        from,
        kind,
        to: (from + 1 + Math.floor(random() * 19)) % 20,
        amount: Math.round(random() * 30000) / 100 + 0.01,
        key: `mixed-${k}-${crypto.randomUUID()}`,
      };
      // Some requests are sent twice (a client retrying).
      const copies = random() < 0.2 ? 2 : 1;
      for (let c = 0; c < copies; c += 1) calls.push(call);
    }
    calls.sort(() => random() - 0.5);

    // Two instances' settlement workers clear pending movements while the load runs.
    const otherInstance = { db: app.db, ledger: new LedgerDesk(app.db, app.deps.settings) };
    let loading = true;
    const worker = async (deps: Parameters<typeof settlePendingTransactions>[0]) => {
      while (loading) {
        await settlePendingTransactions(deps, 0, 20);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const workers = [worker(app.deps), worker(otherInstance)];
    const results = await Promise.allSettled(
      calls.map(async (call) => {
        const caller = customers[call.from]?.caller;
        if (!caller) throw new Error('no such customer');
        const idempotencyKey = call.key;
        if (call.kind === 'deposit')
          return caller.transactions.deposit({
            amount: call.amount,
            method: 'card',
            ...testCard,
            idempotencyKey,
          });
        if (call.kind === 'withdraw')
          return caller.transactions.withdraw({
            amount: call.amount,
            method: 'cash_pickup',
            idempotencyKey,
          });
        return caller.transactions.transfer({
          // Half the external numbers do not exist at the other bank: those fail and return.
          recipientAccountNumber:
            call.kind === 'transfer'
              ? (numbers[call.to] ?? '')
              : `55500${call.to % 2 === 0 ? '0000' : '1234'}`,
          ...(call.kind === 'transfer' ? {} : { routingNumber: '021000021' }),
          amount: call.amount,
          description: `mixed ${call.key}`,
          idempotencyKey,
        });
      }),
    );
    loading = false;
    await Promise.all(workers);
    while ((await settlePendingTransactions(app.deps, 0)) > 0);

    const unexpected = results.flatMap((r) =>
      r.status === 'rejected' &&
      !(
        r.reason instanceof TRPCError &&
        r.reason.code === 'BAD_REQUEST' &&
        /^(Insufficient funds|Daily (transfer|withdrawal) limit exceeded)$/.test(r.reason.message)
      )
        ? [String(r.reason)]
        : [],
    );
    expect(unexpected).toEqual([]);

    // Every request with the same key got the same answer, and moved money once.
    const byKey = new Map<string, Set<string>>();
    results.forEach((r, i) => {
      const key = calls[i]?.key ?? '';
      const answers = byKey.get(key) ?? new Set();
      answers.add(r.status === 'fulfilled' ? r.value.transaction.id : String(r.reason.message));
      byKey.set(key, answers);
    });
    expect([...byKey.values()].every((answers) => answers.size === 1)).toBe(true);

    // Nothing is left pending; money only entered or left through deposits, withdrawals and
    // external transfers that cleared, to the cent.
    const [pending] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.status, 'pending'));
    expect(pending?.n).toBe(0);
    const ids = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.transaction.id] : []));
    const moved = await app.db
      .select({
        type: transactions.type,
        status: transactions.status,
        amount: transactions.amountCents,
        toAccount: transactions.toAccountId,
      })
      .from(transactions)
      .where(inArray(transactions.id, [...new Set(ids)]));
    const customerIds = new Set(
      (
        await app.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(inArray(accounts.accountNumber, numbers))
      ).map((a) => a.id),
    );
    let expected = before;
    for (const row of moved) {
      if (row.type === 'deposit') expected += row.amount;
      else if (row.status === 'completed' && !customerIds.has(row.toAccount))
        expected -= row.amount;
    }
    expect(moved.some((row) => row.status === 'failed')).toBe(true);
    expect(await sumOf()).toBe(expected);
    const [all] = await app.db
      .select({ total: sql<string>`sum(${accounts.balanceCents})::text` })
      .from(accounts);
    expect(all?.total).toBe('0');
    await expectSoundLedger(app.db);
  }, 180_000);
});

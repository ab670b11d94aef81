import { accounts, transactions } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { fundedCustomer, ledgerInvariant } from '../testing/money.ts';

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

  it('500 transfers among 20 accounts in random directions lose, invent and double-spend nothing', async () => {
    const numbers = customers.map((c) => c.accountNumber);
    const sumOf = async () => {
      const [row] = await app.db
        .select({ total: sql<string>`sum(${accounts.balanceCents})::text` })
        .from(accounts)
        .where(inArray(accounts.accountNumber, numbers));
      return BigInt(row?.total ?? '0');
    };
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
    expect(await ledgerInvariant(app.db)).toEqual({
      mismatched: 0,
      entriesSum: 0n,
      negativeCustomerBalances: 0,
      unbalancedTransactions: 0,
    });

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
});

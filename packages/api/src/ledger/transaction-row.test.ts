import { accounts, transactions } from '@bank/db/schema';
import { eq, getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uuidV7 } from '../ids/uuid-v7.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { fundedCustomer, nothing } from '../testing/money.ts';
import { readLedger } from './read.ts';
import type { TransactionRow } from './transaction-row.ts';
import { writeLedger } from './write.ts';

const app = await createFileTestApp();

async function accountIdOf(accountNumber: string): Promise<string> {
  const [account] = await app.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  if (!account) throw new Error(`no account ${accountNumber}`);
  return account.id;
}

async function stored(id: string) {
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

describe("the ledger's statements and the transactions table", () => {
  it('write every column and read every one back, the settling update too', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    // No column at its default or null, each value its own: a column the write left out, or
    // one the read took from another, shows here. Above 2^53 cents, so no JSON number carries it.
    const earlierId = uuidV7();
    const row: TransactionRow = {
      id: uuidV7(),
      type: 'transfer',
      status: 'pending',
      amountCents: 9_007_199_254_740_993n,
      currency: 'EUR',
      description: 'Every column',
      category: 'external_transfer',
      paymentMethod: 'bank_transfer',
      notes: 'A note',
      fromAccountId: await accountIdOf(alice.accountNumber),
      toAccountId: await accountIdOf(bob.accountNumber),
      senderUserId: alice.id,
      recipientUserId: bob.id,
      recipientName: 'Bob C.',
      recipientAccountNumber: bob.accountNumber,
      counterparty: { accountLast4: '1234', network: 'ACH' },
      payeeId: crypto.randomUUID(),
      timeline: [
        {
          id: crypto.randomUUID(),
          status: 'completed',
          description: 'Transfer initiated',
          timestamp: '2026-11-27T10:00:00.123Z',
        },
      ],
      // A reversal that was itself reversed in part: every column holds a value.
      reversesId: earlierId,
      reversedCents: 1n,
      createdAt: new Date('2026-11-27T10:00:00.123Z'),
      updatedAt: new Date('2026-11-27T10:00:01.456Z'),
      searchOut: 'every column bob c.',
      searchIn: 'every column alice',
    };
    expect(Object.keys(row).sort()).toEqual(Object.keys(getTableColumns(transactions)).sort());
    expect(Object.values(row).filter((value) => value === null)).toEqual([]);

    const earlier = { ...row, id: earlierId, reversesId: null };
    expect(await writeLedger(app.db, { ...nothing, inserted: [earlier, row] })).toBe('written');
    expect(await stored(row.id)).toEqual(row);
    const read = await readLedger(app.db, {
      users: [],
      accountNumbers: [],
      transactions: [row.id],
      sessions: [],
      keys: [],
    });
    expect(read.transactions).toEqual([row]);

    const settled: TransactionRow = {
      ...row,
      status: 'failed',
      timeline: [
        ...row.timeline,
        {
          id: crypto.randomUUID(),
          status: 'failed',
          description: 'Returned by the other bank',
          timestamp: '2026-11-27T11:00:00.789Z',
        },
      ],
      updatedAt: new Date('2026-11-27T11:00:00.789Z'),
    };
    expect(await writeLedger(app.db, { ...nothing, pending: [row.id], updated: [settled] })).toBe(
      'written',
    );
    expect(await stored(row.id)).toEqual(settled);
  });
});

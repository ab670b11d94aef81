import { ledgerEntries, transactions } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uuidV7 } from '../ids/uuid-v7.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { balanceCents, fundedCustomer, nothing } from '../testing/money.ts';
import type { AccountState } from './account-state.ts';
import { readLedger } from './read.ts';
import type { TransactionRow } from './transaction-row.ts';
import { type LedgerChanges, writeLedger } from './write.ts';

const app = await createFileTestApp();

/** The customer's account as the desk would judge it: id and state. */
async function stateOf(accountNumber: string): Promise<AccountState> {
  const read = await readLedger(app.db, {
    users: [],
    accountNumbers: [accountNumber],
    transactions: [],
    sessions: [],
    keys: [],
  });
  const account = read.accounts.find((one) => one.party.accountNumber === accountNumber);
  if (!account) throw new Error(`no account ${accountNumber}`);
  return account.state;
}

function movement(from: string, to: string, cents: bigint, at: Date): TransactionRow {
  return {
    id: uuidV7(),
    type: 'transfer',
    status: 'completed',
    amountCents: cents,
    currency: 'USD',
    description: 'Checked by the write',
    category: 'transfer',
    paymentMethod: 'internal_transfer',
    notes: null,
    fromAccountId: from,
    toAccountId: to,
    senderUserId: null,
    recipientUserId: null,
    recipientName: null,
    recipientAccountNumber: null,
    counterparty: null,
    payeeId: null,
    timeline: [],
    reversesId: null,
    reversedCents: 0n,
    createdAt: at,
    updatedAt: at,
    searchOut: '',
    searchIn: '',
  };
}

/**
 * Alice pays Bob $10 as a judged batch would write it: both accounts locked and compared, one
 * movement, its two entries, both balances set.
 */
async function aliceToBob() {
  const alice = await fundedCustomer(app, 50, 'Alice');
  const bob = await fundedCustomer(app, 0, 'Bob');
  const [from, to] = [await stateOf(alice.accountNumber), await stateOf(bob.accountNumber)];
  const at = new Date();
  const row = movement(from.id, to.id, 1_000n, at);
  const changes: LedgerChanges = {
    ...nothing,
    expected: [from, to],
    after: [
      {
        ...from,
        balanceCents: from.balanceCents - 1_000n,
        transactionCount: from.transactionCount + 1,
      },
      { ...to, balanceCents: to.balanceCents + 1_000n, transactionCount: to.transactionCount + 1 },
    ],
    inserted: [row],
    entries: [
      { transactionId: row.id, accountId: from.id, amountCents: -1_000n, at },
      { transactionId: row.id, accountId: to.id, amountCents: 1_000n, at },
    ],
  };
  return { changes, row, numbers: [alice.accountNumber, bob.accountNumber] };
}

/** No movement, no entry, and Alice still has her $50 and Bob nothing. */
async function nothingWritten(row: TransactionRow, [alice, bob]: string[]) {
  expect(await app.db.select().from(transactions).where(eq(transactions.id, row.id))).toEqual([]);
  expect(
    await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row.id)),
  ).toEqual([]);
  expect(await balanceCents(app.db, alice ?? '')).toBe(5_000n);
  expect(await balanceCents(app.db, bob ?? '')).toBe(0n);
}

describe('the ledger write checks what foreign keys would (decision 047)', () => {
  it('writes a movement whose entries move the accounts it locked', async () => {
    const { changes, row } = await aliceToBob();
    expect(await writeLedger(app.db, changes)).toBe('written');
    const entries = await app.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, row.id));
    expect(entries.map((entry) => entry.amountCents).sort()).toEqual([-1_000n, 1_000n]);
  });

  it('refuses an entry on an account it did not lock, and writes nothing', async () => {
    const { changes, row, numbers } = await aliceToBob();
    const carol = await fundedCustomer(app, 0, 'Carol');
    const carolAccount = await stateOf(carol.accountNumber);
    const [debit] = changes.entries;
    if (!debit) throw new Error('no debit');
    const stray = {
      ...changes,
      entries: [debit, { ...debit, accountId: carolAccount.id, amountCents: 1_000n }],
    };
    await expect(writeLedger(app.db, stray)).rejects.toThrow(
      'The ledger write names an account or movement it does not hold',
    );
    await nothingWritten(row, numbers);
    expect(await balanceCents(app.db, carol.accountNumber)).toBe(0n);
  });

  it('refuses an entry for a movement it neither writes nor holds', async () => {
    const { changes, row, numbers } = await aliceToBob();
    const orphan = {
      ...changes,
      entries: changes.entries.map((entry) => ({ ...entry, transactionId: uuidV7() })),
    };
    await expect(writeLedger(app.db, orphan)).rejects.toThrow('does not hold');
    await nothingWritten(row, numbers);
  });

  it('refuses a movement from an account that does not exist', async () => {
    const { changes, row, numbers } = await aliceToBob();
    const nowhere = { ...changes, inserted: [{ ...row, fromAccountId: crypto.randomUUID() }] };
    await expect(writeLedger(app.db, nowhere)).rejects.toThrow('does not hold');
    await nothingWritten(row, numbers);
  });

  it('refuses a movement naming a sender or recipient who does not exist', async () => {
    for (const user of ['senderUserId', 'recipientUserId'] as const) {
      const { changes, row, numbers } = await aliceToBob();
      const nobody = { ...changes, inserted: [{ ...row, [user]: crypto.randomUUID() }] };
      await expect(writeLedger(app.db, nobody)).rejects.toThrow('does not hold');
      await nothingWritten(row, numbers);
    }
  });
});

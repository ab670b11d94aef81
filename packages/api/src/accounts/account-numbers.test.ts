import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@bank/db';
import { accounts, transactions } from '@bank/db/schema';
import { hasValidCheckDigits } from '@bank/validators/account-number';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { fundedCustomer, pay } from '../testing/money.ts';

// From the API review for integrators: the migration that gave account numbers check digits reissues existing ones.

const app = await createFileTestApp();

function migrationStatements(): string[] {
  const file = readdirSync(migrationsFolder).find((name) =>
    name.endsWith('_account_number_check_digits.sql'),
  );
  if (!file) throw new Error('the check-digit migration is missing');
  return readFileSync(join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('reissuing account numbers', () => {
  it('gives every customer account a valid number and keeps transfers pointing at it', async () => {
    const alice = await fundedCustomer(app, 100);
    const bob = await fundedCustomer(app, 0);
    await pay(alice, bob, 5);
    // As numbers were before the migration: 12 random digits without check digits.
    const old = { alice: '812345678901', bob: '412345678901' };
    for (const [who, number] of [
      [alice, old.alice],
      [bob, old.bob],
    ] as const) {
      await app.db
        .update(transactions)
        .set({ recipientAccountNumber: number })
        .where(eq(transactions.recipientAccountNumber, who.accountNumber));
      await app.db
        .update(accounts)
        .set({ accountNumber: number })
        .where(eq(accounts.accountNumber, who.accountNumber));
    }
    const systemBefore = await app.db
      .select({ number: accounts.accountNumber })
      .from(accounts)
      .where(eq(accounts.kind, 'system'));

    for (const statement of migrationStatements()) await app.db.execute(sql.raw(statement));

    const customers = await app.db
      .select({ id: accounts.id, number: accounts.accountNumber, userId: accounts.userId })
      .from(accounts)
      .where(eq(accounts.kind, 'customer'));
    expect(customers.length).toBeGreaterThanOrEqual(2);
    for (const { number } of customers) {
      expect(number).toMatch(/^4\d{11}$/);
      expect(hasValidCheckDigits(number)).toBe(true);
    }
    expect(new Set(customers.map((c) => c.number)).size).toBe(customers.length);
    const bobNow = customers.find((c) => c.userId === bob.id)?.number;
    const [transfer] = await app.db
      .select({ to: transactions.recipientAccountNumber })
      .from(transactions)
      .where(eq(transactions.type, 'transfer'));
    expect(transfer?.to).toBe(bobNow);
    const systemAfter = await app.db
      .select({ number: accounts.accountNumber })
      .from(accounts)
      .where(eq(accounts.kind, 'system'));
    expect(systemAfter).toEqual(systemBefore);
    // The reissued number works: Bob receives at it.
    await alice.caller.transactions.transfer({ recipientAccountNumber: bobNow ?? '', amount: 1 });
    expect((await bob.caller.transactions.balance()).balance).toBe(6);
  });
});

import { accounts } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('CSV export (issue 23)', () => {
  it("writes a debit as a number a spreadsheet sums (-60.00, not the text '-60.00), and guards text", async () => {
    const bob = await fundedCustomer(app, 100, 'Bob', 'Rivera');
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 60,
      description: '=HYPERLINK("http://evil")',
    });
    const { csv } = await bob.caller.transactions.exportCsv({});
    const [header, debit] = csv.split('\n');
    expect(header).toBe(
      'Date,Reference,Type,Description,Counterparty,Status,Direction,Amount,Currency',
    );
    expect(debit).toMatch(/,-60\.00,USD$/);
    expect(debit).not.toContain("'-60.00");
    // Text a spreadsheet would run as a formula is still defused.
    expect(debit).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(debit).toContain(',Alice C.,');
    const received = (await alice.caller.transactions.exportCsv({})).csv.split('\n')[1];
    expect(received).toContain(',Bob Rivera,');
    expect(received).toMatch(/,60\.00,USD$/);
  });
});

describe('CSV export has no row cap', () => {
  it('writes every row, past a batch of 1,000', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    const [account] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.accountNumber, alice.accountNumber));
    const [clearing] = await app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.systemCode, 'external_clearing'));
    if (!account || !clearing) throw new Error('accounts missing');
    // History written directly (as the bench fills it): the export only reads it.
    await app.db.execute(sql`
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, recipient_user_id, created_at, timeline)
      select 'deposit', 'completed', 100, 'Deposit ' || g, 'deposit', 'card',
        ${clearing.id}::uuid, ${account.id}::uuid, ${alice.id}::uuid,
        now() - g * interval '1 minute', '[]'::jsonb
      from generate_series(1, 1205) g`);
    const { csv } = await alice.caller.transactions.exportCsv({});
    const lines = csv.split('\n');
    expect(lines).toHaveLength(1 + 1205);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(1205);
  });
});

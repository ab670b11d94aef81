import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { accountAndClearingIds, aliceAndBob, fundedCustomer, pay } from '../testing/money.ts';
import { EXPORT_BATCH, transactionsCsv } from './csv-export.ts';

const app = await createFileTestApp();

describe('CSV export', () => {
  it("writes a debit as a number a spreadsheet sums (-60.00, not the text '-60.00), and guards text", async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    await pay(bob, alice, 60, '=HYPERLINK("http://evil")');
    const csv = await text(transactionsCsv(app.db, bob.id, {}));
    const [header, debit] = csv.split('\n');
    expect(header).toBe(
      'Date,Reference,Type,Description,Counterparty,Category,Status,Direction,Amount,Currency',
    );
    expect(debit).toMatch(/,-60\.00,USD$/);
    expect(debit).not.toContain("'-60.00");
    // Text a spreadsheet would run as a formula is still defused.
    expect(debit).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(debit).toContain(',Alice C.,Transfers,');
    const received = (await text(transactionsCsv(app.db, alice.id, {}))).split('\n')[1];
    expect(received).toContain(',Bob Rivera,Income,');
    expect(received).toMatch(/,60\.00,USD$/);
  });

  it('writes the header alone for a customer with no movements', async () => {
    const carol = await fundedCustomer(app, 0, 'Carol', 'Nguyen');
    expect(await text(transactionsCsv(app.db, carol.id, {}))).toBe(
      'Date,Reference,Type,Description,Counterparty,Category,Status,Direction,Amount,Currency',
    );
  });

  it('files each row under the customer’s own category', async () => {
    const dan = await fundedCustomer(app, 80, 'Dan', 'Okafor');
    const [deposit] = (await dan.caller.transactions.list({})).data;
    if (!deposit) throw new Error('deposit missing');
    await dan.caller.transactions.setCategory({ id: deposit.id, category: 'travel' });
    expect((await text(transactionsCsv(app.db, dan.id, {}))).split('\n')[1]).toContain(
      ',Card ending 1111,Travel,',
    );
  });
});

describe('CSV export has no row cap', () => {
  it('streams every row, batch after batch by cursor, with the filters applied', async () => {
    const alice = await fundedCustomer(app, 0, 'Erin', 'Carter');
    const { account, clearing } = await accountAndClearingIds(app.db, alice.accountNumber);
    const rows = EXPORT_BATCH * 2 + 205;
    // History written directly (as the bench fills it): the export only reads it. Every third
    // row at the same instant as its neighbour, so the cursor must order by id too.
    await app.db.execute(sql`
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, recipient_user_id, created_at, timeline)
      select 'deposit', case when g % 10 = 0 then 'failed' else 'completed' end::transaction_status,
        100 + g, 'Deposit ' || g, 'deposit', 'card',
        ${clearing}::uuid, ${account}::uuid, ${alice.id}::uuid,
        now() - (g / 3) * interval '1 minute', '[]'::jsonb
      from generate_series(1, ${rows}) g`);
    const lines = (await text(transactionsCsv(app.db, alice.id, {}))).split('\n');
    expect(lines).toHaveLength(1 + rows);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(rows);
    // Numbers stay numbers: no quote, no leading apostrophe.
    expect(lines.slice(1).every((line) => /,\d+\.\d{2},USD$/.test(line))).toBe(true);
    const failed = (await text(transactionsCsv(app.db, alice.id, { status: 'failed' }))).split(
      '\n',
    );
    expect(failed).toHaveLength(1 + Math.floor(rows / 10));
    expect(failed.slice(1).every((line) => line.includes(',failed,credit,'))).toBe(true);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, bankSettings, ledgerEntries, statements, transactions } from '@bank/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../money/cents.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { fundedCustomer, pay } from '../testing/money.ts';
import type { StatementContent } from './compose.ts';
import type { FileAnswer } from './service.ts';

const app = await createFileTestApp();

const loanApplication = {
  type: 'personal' as const,
  amount: 8_000,
  term: 12,
  purpose: 'A car',
  employmentStatus: 'employed' as const,
  monthlyIncome: 5_000,
  existingLoans: false,
  collateral: { type: 'vehicle' as const, value: 15_000, description: '2021 hatchback' },
};

const bytesOf = (file: FileAnswer) => Buffer.from(file.base64, 'base64');
const jsonOf = (file: FileAnswer): StatementContent & { digest: string } =>
  JSON.parse(bytesOf(file).toString('utf8'));
const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'statement-'));
  try {
    writeFileSync(join(dir, 'statement.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'statement.pdf'), '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Moves every movement so far into March 2026 (one a day from March 3), in the order made. */
async function backdateIntoMarch(accountIds: string[]) {
  await app.db.execute(sql`
    with ordered as (
      select id, timestamptz '2026-03-02 15:00:00+00'
        + (row_number() over (order by created_at, id)) * interval '1 day' as at
      from ${transactions})
    update ${transactions} t set created_at = ordered.at, updated_at = ordered.at
    from ordered where ordered.id = t.id`);
  await app.db.execute(sql`
    update ${ledgerEntries} e set created_at = t.created_at
    from ${transactions} t where t.id = e.transaction_id`);
  await app.db
    .update(accounts)
    .set({ createdAt: new Date('2026-02-20T15:00:00Z') })
    .where(inArray(accounts.id, accountIds));
}

async function moveTransaction(id: string, at: string) {
  await app.db
    .update(transactions)
    .set({ createdAt: new Date(at) })
    .where(eq(transactions.id, id));
  await app.db
    .update(ledgerEntries)
    .set({ createdAt: new Date(at) })
    .where(eq(ledgerEntries.transactionId, id));
}

async function accountIdOf(accountNumber: string) {
  const [row] = await app.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return row?.id ?? '';
}

describe('statements', () => {
  let alice: Awaited<ReturnType<typeof fundedCustomer>>;
  let bob: Awaited<ReturnType<typeof fundedCustomer>>;
  let lateDepositId = '';

  beforeAll(async () => {
    alice = await fundedCustomer(app, 500, 'Alice');
    bob = await fundedCustomer(app, 300, 'Bob');
    const officer = await fundedCustomer(app, 0, 'Officer');
    await app.db.execute(sql`update users set role = 'admin' where id = ${officer.id}`);
    const admin = await app.caller(officer.token);
    await pay(alice, bob, 42.1, 'Pizza night');
    await pay(bob, alice, 100.55, 'Concert tickets');
    const { loan } = await alice.caller.loans.create(loanApplication);
    await admin.loans.decide({ id: loan.id, status: 'approved' });
    await alice.caller.loans.repay({
      id: loan.id,
      mode: 'instalment',
      idempotencyKey: 'st-repay-01',
    });
    // Still with the clearing house at the month's end: pending, outside the balances.
    await alice.caller.transactions.transfer({
      recipientAccountNumber: '987654321',
      routingNumber: '021000021',
      recipientName: 'Landlord LLC',
      amount: 650,
    });
    await backdateIntoMarch([
      await accountIdOf(alice.accountNumber),
      await accountIdOf(bob.accountNumber),
    ]);
    // The first deposit happened at 23:30 on March 31 in New York: 03:30 UTC on April 1.
    const [firstDeposit] = await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.toAccountId, await accountIdOf(alice.accountNumber)))
      .orderBy(transactions.createdAt)
      .limit(1);
    await moveTransaction(firstDeposit?.id ?? '', '2026-04-01T03:30:00Z');
    app.deps.now = () => new Date('2026-04-10T12:00:00Z');
  });

  it('lists each closed month and the current one, provisional', async () => {
    const { data } = await alice.caller.statements.list();
    expect(data).toEqual([
      expect.objectContaining({
        period: '2026-04',
        accountNumber: alice.accountNumber,
        provisional: true,
      }),
      expect.objectContaining({
        period: '2026-03',
        accountNumber: alice.accountNumber,
        provisional: false,
      }),
      {
        period: '2026-02',
        accountNumber: alice.accountNumber,
        openingBalance: 0,
        closingBalance: 0,
        provisional: false,
      },
    ]);
    const march = data[1];
    expect(march?.openingBalance).toBe(0);
    // April opens where March closed.
    expect(data[0]?.openingBalance).toBe(march?.closingBalance);
  });

  it('balances a month to the cent in JSON, CSV and PDF, with pending items apart', async () => {
    const json = jsonOf(await alice.caller.statements.month({ period: '2026-03', format: 'json' }));
    expect(json).toMatchObject({
      document: 'statement',
      bank: { name: 'Horizon Bank', address: '1 Horizon Plaza, New York, NY 10004' },
      account: { number: alice.accountNumber, holder: 'Alice Customer' },
      period: '2026-03',
      from: '2026-03-01',
      to: '2026-03-31',
      timeZone: 'America/New_York',
      provisional: false,
      openingBalance: 0,
    });
    expect(json.entries.map((entry) => entry.type).sort()).toEqual([
      'deposit',
      'loan_disbursement',
      'loan_repayment',
      'transfer',
      'transfer',
    ]);
    // The deposit at 23:30 New York time on March 31 is March's last entry.
    expect(json.entries.at(-1)).toMatchObject({ type: 'deposit', date: '2026-03-31', amount: 500 });
    let cents = toCents(json.openingBalance);
    for (const entry of json.entries) {
      cents += toCents(entry.amount);
      expect(toCents(entry.balance)).toBe(cents);
    }
    expect(cents).toBe(toCents(json.closingBalance));
    expect(json.pending).toEqual([expect.objectContaining({ type: 'transfer', amount: -650 })]);
    // The ledger holds the pending transfer's money aside: balance = closing - 650.
    const [account] = await app.db
      .select({ balance: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.accountNumber, alice.accountNumber));
    expect(account?.balance).toBe(toCents(json.closingBalance) - 65_000n);
    const moneyIn = json.entries
      .filter((e) => e.amount > 0)
      .reduce((s, e) => s + toCents(e.amount), 0n);
    expect(toCents(json.totals.moneyIn)).toBe(moneyIn);

    const csv = bytesOf(await alice.caller.statements.month({ period: '2026-03', format: 'csv' }))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const value = (label: string) => csv.find((row) => row[0] === label)?.[1];
    expect(value('Opening balance')).toBe('0.00');
    expect(value('Closing balance')).toBe(json.closingBalance.toFixed(2));
    expect(value('Digest (SHA-256)')).toBe(json.digest);
    const header = csv.findIndex((row) => row[0] === 'Date');
    const rows = csv.slice(header + 1, header + 1 + json.entries.length);
    const csvSum = rows.reduce((sum, row) => sum + toCents(Number(row[4])), 0n);
    expect(csvSum).toBe(toCents(json.closingBalance) - toCents(json.openingBalance));
    expect(rows.at(-1)?.[5]).toBe(json.closingBalance.toFixed(2));

    const text = pdfText(
      bytesOf(await alice.caller.statements.month({ period: '2026-03', format: 'pdf' })),
    );
    expect(text).toContain('Horizon Bank');
    expect(text).toContain('March 2026');
    expect(text).toContain(json.digest);
    const closingLine = text
      .split('\n')
      .find((line) => line.includes('Closing balance') && line.includes('Mar 31, 2026'));
    expect(closingLine?.trim().endsWith(usd(json.closingBalance))).toBe(true);
    for (const entry of json.entries) {
      const line = text
        .split('\n')
        .find((l) => l.includes(usd(entry.amount)) && l.includes(usd(entry.balance)));
      expect(line, `${entry.description} ${entry.amount}`).toBeDefined();
    }
    expect(text).toContain('Pending (not included in the balances above)');
    expect(text).toContain(usd(-650));
  });

  it('downloads a closed month as the same bytes every time, and they verify', async () => {
    for (const format of ['pdf', 'csv', 'json'] as const) {
      const first = await alice.caller.statements.month({ period: '2026-03', format });
      const second = await alice.caller.statements.month({ period: '2026-03', format });
      expect(second.base64).toBe(first.base64);
    }
    const pdf = bytesOf(await alice.caller.statements.month({ period: '2026-03', format: 'pdf' }));
    const anyone = await app.caller();
    const verified = await anyone.statements.verify({ pdf: pdf.toString('base64') });
    expect(verified).toMatchObject({
      valid: true,
      statement: {
        period: '2026-03',
        provisional: false,
        accountEnding: alice.accountNumber.slice(-4),
      },
    });
    const changed = Buffer.from(pdf);
    const at = changed.indexOf('Horizon Bank');
    changed[at] = 'h'.charCodeAt(0);
    expect(await anyone.statements.verify({ pdf: changed.toString('base64') })).toMatchObject({
      valid: false,
    });
    const json = jsonOf(await alice.caller.statements.month({ period: '2026-03', format: 'json' }));
    expect((await anyone.statements.verify({ digest: json.digest.toUpperCase() })).valid).toBe(
      true,
    );
    expect((await anyone.statements.verify({ digest: 'a'.repeat(64) })).valid).toBe(false);
  });

  it('never changes an issued month: an entry booked late appears in the next month', async () => {
    const before = await alice.caller.statements.month({ period: '2026-03', format: 'pdf' });
    const march = jsonOf(
      await alice.caller.statements.month({ period: '2026-03', format: 'json' }),
    );
    const late = await alice.caller.transactions.deposit({
      amount: 12.34,
      method: 'card',
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    });
    lateDepositId = late.transaction.id;
    await moveTransaction(lateDepositId, '2026-03-20T15:00:00Z');
    const after = await alice.caller.statements.month({ period: '2026-03', format: 'pdf' });
    expect(after.base64).toBe(before.base64);
    const april = jsonOf(
      await alice.caller.statements.month({ period: '2026-04', format: 'json' }),
    );
    expect(april).toMatchObject({
      period: '2026-04',
      provisional: true,
      from: '2026-04-01',
      to: '2026-04-10',
      openingBalance: march.closingBalance,
    });
    expect(april.entries).toEqual([
      expect.objectContaining({ transactionId: lateDepositId, date: '2026-03-20', amount: 12.34 }),
    ]);
    expect(toCents(april.closingBalance)).toBe(toCents(march.closingBalance) + 1234n);
    const text = pdfText(
      bytesOf(await alice.caller.statements.month({ period: '2026-04', format: 'pdf' })),
    );
    expect(text).toContain('Statement (provisional)');
  });

  it('draws a statement for any days, which verifies too', async () => {
    const range = jsonOf(
      await alice.caller.statements.range({ from: '2026-03-04', to: '2026-03-06', format: 'json' }),
    );
    expect(range).toMatchObject({
      period: null,
      from: '2026-03-04',
      to: '2026-03-06',
      provisional: false,
    });
    let cents = toCents(range.openingBalance);
    for (const entry of range.entries) cents += toCents(entry.amount);
    expect(cents).toBe(toCents(range.closingBalance));
    expect(range.entries.length).toBeGreaterThan(0);
    const anyone = await app.caller();
    expect((await anyone.statements.verify({ digest: range.digest })).valid).toBe(true);
    const pdf = await alice.caller.statements.range({
      from: '2026-03-04',
      to: '2026-03-06',
      format: 'pdf',
    });
    expect((await anyone.statements.verify({ pdf: pdf.base64 })).valid).toBe(true);
  });

  it('prints a PDF receipt for a transaction of the customer’s own only', async () => {
    const receipt = await alice.caller.statements.receipt({ id: lateDepositId });
    expect(receipt).toMatchObject({
      contentType: 'application/pdf',
      fileName: `receipt-${lateDepositId}.pdf`,
    });
    const text = pdfText(bytesOf(receipt));
    expect(text).toContain('Transaction receipt');
    expect(text).toContain('$12.34');
    expect(text).toContain(lateDepositId);
    expect(await rejectionOf(bob.caller.statements.receipt({ id: lateDepositId }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('shows customers only their own accounts, and no month before the account or after now', async () => {
    expect(
      await rejectionOf(
        bob.caller.statements.month({
          period: '2026-03',
          format: 'json',
          account: alice.accountNumber,
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Account not found' });
    expect(
      await rejectionOf(alice.caller.statements.month({ period: '2026-05', format: 'pdf' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'No statement for this period' });
    expect(
      await rejectionOf(alice.caller.statements.month({ period: '2026-01', format: 'pdf' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await rejectionOf(alice.caller.statements.month({ period: '2026-13', format: 'pdf' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await rejectionOf(alice.caller.statements.range({ from: '2026-03-05', to: '2026-03-01' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejectionOf((await app.caller()).statements.list())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const bobs = await bob.caller.statements.list();
    expect(bobs.data.every((row) => row.accountNumber === bob.accountNumber)).toBe(true);
  });

  it('begins months in the bank’s time zone', async () => {
    // In UTC, the March 31 23:30 deposit belongs to April; issued months keep their own.
    await app.db.update(bankSettings).set({ timeZone: 'UTC' });
    app.deps.settings.forget();
    try {
      const carol = await fundedCustomer(app, 20, 'Carol');
      const [deposit] = await app.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.toAccountId, await accountIdOf(carol.accountNumber)));
      await app.db
        .update(accounts)
        .set({ createdAt: new Date('2026-03-01T12:00:00Z') })
        .where(eq(accounts.accountNumber, carol.accountNumber));
      await moveTransaction(deposit?.id ?? '', '2026-04-01T03:30:00Z');
      const march = jsonOf(
        await carol.caller.statements.month({ period: '2026-03', format: 'json' }),
      );
      expect(march).toMatchObject({ timeZone: 'UTC', entries: [], closingBalance: 0 });
      const april = jsonOf(
        await carol.caller.statements.month({ period: '2026-04', format: 'json' }),
      );
      expect(april.entries).toEqual([expect.objectContaining({ date: '2026-04-01', amount: 20 })]);
      const issued = await app.db.select({ period: statements.period }).from(statements);
      expect(issued.length).toBeGreaterThan(0);
    } finally {
      await app.db.update(bankSettings).set({ timeZone: 'America/New_York' });
      app.deps.settings.forget();
    }
  });
});

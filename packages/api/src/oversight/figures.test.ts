import { transactions, users } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rejectionOf, type TestApp } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { fundedCustomer, pay } from '../testing/money.ts';
import { analyticsCsv, analyticsOf, periodDays } from './analytics.ts';
import { dashboardStats } from './dashboard.ts';

// For the administrators' oversight screens: the dashboard's and the analytics' figures, computed from known data. This file's
// database holds only what beforeAll makes, so every figure is exact.

let app: TestApp;
let admin: Awaited<ReturnType<typeof fundedCustomer>>;
let adminApi: Awaited<ReturnType<TestApp['caller']>>;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  app = await createTestApp();
  admin = await fundedCustomer(app, 0, 'Admin');
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  adminApi = await app.caller(admin.token);

  const alice = await fundedCustomer(app, 1_000, 'Alice'); // deposit 1,000
  const bob = await fundedCustomer(app, 500, 'Bob'); // deposit 500
  const carol = await fundedCustomer(app, 0, 'Carol');
  await pay(alice, bob, 100);
  await bob.caller.transactions.withdraw({ amount: 50, method: 'cash_pickup' }); // pending

  const loan = personalLoan;
  const approved = await alice.caller.loans.create(loan);
  await adminApi.loans.decide({ id: approved.loan.id, status: 'approved' });
  // The first instalment: 786.66 of principal and 104.17 of interest (12.5 % on 10,000).
  await alice.caller.loans.repay({ id: approved.loan.id, mode: 'instalment' });
  await bob.caller.loans.create({ ...loan, amount: 2_000 }); // stays pending

  const ticket = (subject: string) => ({
    subject,
    category: 'account' as const,
    description: 'Please help me with my account statement.',
  });
  const { ticket: first } = await alice.caller.support.create(ticket('Statement one'));
  await alice.caller.support.create(ticket('Statement two'));
  await bob.caller.support.create(ticket('Statement three'));
  await adminApi.support.updateStatus({ id: first.id, status: 'resolved' });

  // Two failed sign-ins and a block: three security alerts.
  await rejectionOf(app.signIn(bob.email, 'Wrong!Passw0rd'));
  await rejectionOf(app.signIn('nobody@example.com', 'Wrong!Passw0rd'));
  await adminApi.admin.setUserBlocked({ id: carol.id, blocked: true });

  // Carol registered three days ago; the transfer happened 40 days ago.
  await app.db
    .update(users)
    .set({ createdAt: daysAgo(3) })
    .where(eq(users.id, carol.id));
  await app.db
    .update(transactions)
    .set({ createdAt: daysAgo(40) })
    .where(eq(transactions.type, 'transfer'));
});
afterAll(async () => {
  await app?.close();
});

describe('the admin dashboard figures', () => {
  it('counts users, open tickets, alerts, transactions, active loans and this month’s revenue', async () => {
    expect(await adminApi.oversight.stats()).toEqual({
      totalUsers: 4,
      openTickets: 2,
      securityAlerts: 3,
      // two deposits, the transfer, the withdrawal, the disbursement and the repayment
      totalTransactions: 6,
      activeLoans: 1,
      monthlyRevenue: 104.17,
    });
  });

  it('counts alerts of the last 24 hours and revenue of the current month only', async () => {
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
    expect(await dashboardStats(app.db, nextMonth)).toMatchObject({
      securityAlerts: 0,
      monthlyRevenue: 0,
    });
  });

  it('lists the audit log as recent activity, newest first, without routine sign-ins', async () => {
    const activity = await adminApi.oversight.recentActivity();
    expect(activity).toHaveLength(10);
    const blocked = activity.find((row) => row.event === 'user.blocked');
    expect(blocked).toMatchObject({
      type: 'user',
      description: expect.stringMatching(/^User blocked: /),
    });
    const timestamps = activity.map((row) => row.timestamp);
    expect([...timestamps].sort().reverse()).toEqual(timestamps);
    // Sign-ins and sign-outs are everyday noise: the security screen's full log keeps them.
    expect(activity.map((row) => row.event)).not.toContain('auth.login.success');
  });
});

describe('analytics', () => {
  it('makes complete day series in UTC, ending today', () => {
    expect(periodDays(3, new Date('2026-03-01T23:59:00Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('sums the last 7 days by day, type and status', async () => {
    const result = await adminApi.oversight.analytics({ days: 7 });
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = daysAgo(3).toISOString().slice(0, 10);
    expect(result.signUps).toHaveLength(7);
    expect(result.to).toBe(today);
    expect(result.signUps.at(-1)).toEqual({ day: today, count: 3 });
    expect(result.signUps.find((row) => row.day === threeDaysAgo)).toEqual({
      day: threeDaysAgo,
      count: 1,
    });
    expect(result.signUps.reduce((total, row) => total + row.count, 0)).toBe(4);
    expect(result.depositsVsWithdrawals.at(-1)).toEqual({
      day: today,
      deposits: 1_500,
      withdrawals: 50,
    });
    expect(result.depositsVsWithdrawals.slice(0, -1).every((row) => row.deposits === 0)).toBe(true);
    expect(result.transactionsByType).toEqual([
      { type: 'transfer', count: 0, volume: 0 },
      { type: 'deposit', count: 2, volume: 1_500 },
      { type: 'withdraw', count: 1, volume: 50 },
      { type: 'loan_disbursement', count: 1, volume: 10_000 },
      { type: 'loan_repayment', count: 1, volume: 890.83 },
      { type: 'interest_earned', count: 0, volume: 0 },
      { type: 'fee', count: 0, volume: 0 },
      { type: 'reversal', count: 0, volume: 0 },
      { type: 'dispute_credit', count: 0, volume: 0 },
    ]);
    expect(result.loansByStatus).toEqual([
      { status: 'pending', count: 1, amount: 2_000, outstanding: 0 },
      { status: 'approved', count: 1, amount: 10_000, outstanding: 9_213.34 },
      { status: 'rejected', count: 0, amount: 0, outstanding: 0 },
      { status: 'cancelled', count: 0, amount: 0, outstanding: 0 },
      { status: 'completed', count: 0, amount: 0, outstanding: 0 },
      { status: 'defaulted', count: 0, amount: 0, outstanding: 0 },
    ]);
    expect(result.ticketsByStatus).toEqual([
      { status: 'open', count: 2 },
      { status: 'in_progress', count: 0 },
      { status: 'resolved', count: 1 },
      { status: 'closed', count: 0 },
    ]);
  });

  it('takes in the older transfer over 90 days, and refuses another period', async () => {
    const result = await adminApi.oversight.analytics({ days: 90 });
    expect(result.signUps).toHaveLength(90);
    expect(result.transactionsByType[0]).toEqual({ type: 'transfer', count: 1, volume: 100 });
    const refused = await rejectionOf(adminApi.oversight.analytics({ days: 12 as 7 }));
    expect(refused.details).toEqual([
      { field: 'days', message: 'Period must be 7, 30 or 90 days' },
    ]);
  });

  it('writes the same figures as CSV, one a row', async () => {
    const { filename, csv } = analyticsCsv(await analyticsOf(app.db, 7));
    const lines = csv.trim().split('\n');
    expect(filename).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toBe('metric,day,category,count,amount_usd');
    const today = new Date().toISOString().slice(0, 10);
    expect(lines).toContain(`sign_ups,${today},,3,`);
    expect(lines).toContain(`deposits,${today},,,1500.00`);
    expect(lines).toContain('transactions_by_type,,loan_repayment,1,890.83');
    expect(lines).toContain('loans_outstanding_by_status,,approved,,9213.34');
    expect(lines).toContain('tickets_by_status,,open,2,');
    // 7 sign-up days, 14 flow rows, 9 types, 6 + 6 loan rows, 4 ticket rows, and the header
    expect(lines).toHaveLength(1 + 7 + 14 + 9 + 12 + 4);
  });

  it('keeps sign-ups of the edges of the period in their UTC day', async () => {
    const now = new Date();
    const start = periodDays(7, now)[0];
    const [edge] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.role} = 'admin'`);
    if (!edge || !start) throw new Error('no admin');
    await app.db
      .update(users)
      .set({ createdAt: new Date(`${start}T00:00:00.000Z`) })
      .where(eq(users.id, edge.id));
    const result = await analyticsOf(app.db, 7, now);
    expect(result.signUps[0]).toEqual({ day: start, count: 1 });
    await app.db
      .update(users)
      .set({ createdAt: new Date(new Date(`${start}T00:00:00.000Z`).getTime() - 1) })
      .where(eq(users.id, edge.id));
    const before = await analyticsOf(app.db, 7, now);
    expect(before.signUps[0]).toEqual({ day: start, count: 0 });
    expect(before.signUps.reduce((total, row) => total + row.count, 0)).toBe(3);
  });
});

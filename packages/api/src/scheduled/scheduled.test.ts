import {
  bankSettings,
  notifications,
  payees,
  scheduledTransferOccurrences,
  scheduledTransfers,
  transactions,
  users,
} from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { LedgerDesk } from '../ledger/desk.ts';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { balanceCents, fundedCustomer, ledgerInvariant } from '../testing/money.ts';
import { runDueScheduledTransfers } from './runner.ts';

/** The runner's clock: every test sets the instant it runs at. */
let clock = new Date('2027-01-04T15:00:00Z');
const app = await createFileTestApp();
app.deps.now = () => clock;
beforeEach(async () => {
  clock = new Date('2027-01-04T15:00:00Z');
  // Each test's runs see only its own schedules: the earlier tests' are over.
  await app.db.update(scheduledTransfers).set({ status: 'cancelled', nextRunDate: null });
});

/** Noon in New York (the bank's default time zone) on `day`. */
const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);

type Customer = Awaited<ReturnType<typeof fundedCustomer>>;

async function emailedCode(customer: Customer): Promise<string> {
  await customer.caller.payees.stepUp({ purpose: 'payee' });
  const [mail] = await app.mailbox(customer.email);
  const code = mail?.subject.match(/(\d{6})$/)?.[1];
  if (!code) throw new Error('no step-up code in the mailbox');
  return code;
}

/** Alice with `dollars`, and Bob saved as her payee. */
async function aliceAndBob(dollars: number) {
  const alice = await fundedCustomer(app, dollars, 'Alice');
  const bob = await fundedCustomer(app, 0, 'Bob');
  const { payee } = await alice.caller.payees.create({
    bank: 'internal',
    name: 'Bob Landlord',
    accountNumber: bob.accountNumber,
    code: await emailedCode(alice),
  });
  return { alice, bob, payee };
}

type ScheduleInput = Parameters<Customer['caller']['scheduled']['create']>[0];

/** Alice with `dollars` schedules a payment to her payee Bob. */
async function aliceSchedules(dollars: number, schedule: Omit<ScheduleInput, 'payeeId'>) {
  const people = await aliceAndBob(dollars);
  const { scheduledTransfer } = await people.alice.caller.scheduled.create({
    payeeId: people.payee.id,
    ...schedule,
  });
  return { ...people, scheduledTransfer };
}

async function occurrencesOf(scheduleId: string) {
  return app.db
    .select()
    .from(scheduledTransferOccurrences)
    .where(eq(scheduledTransferOccurrences.scheduleId, scheduleId))
    .orderBy(scheduledTransferOccurrences.date);
}

async function transfersTo(payeeId: string) {
  return app.db.select().from(transactions).where(eq(transactions.payeeId, payeeId));
}

/** Another instance: its own ledger desk over the same database, the same clock. */
function otherInstance(overrides: Partial<AppDeps> = {}): AppDeps {
  return { ...app.deps, ledger: new LedgerDesk(app.db, app.deps.settings), ...overrides };
}

describe('setting up a schedule', () => {
  it('answers the schedule with its next date, and lists it for its owner only', async () => {
    const { alice, bob, payee, scheduledTransfer } = await aliceSchedules(100, {
      amount: 25,
      description: 'Rent',
      startDate: '2027-01-10',
      frequency: 'monthly',
      count: 3,
    });
    expect(scheduledTransfer).toMatchObject({
      status: 'active',
      nextRunDate: '2027-01-10',
      amount: 25,
      frequency: 'monthly',
      count: 3,
      payee: { id: payee.id, name: 'Bob Landlord', accountNumber: bob.accountNumber.slice(-4) },
    });
    expect((await alice.caller.scheduled.list()).data.map((row) => row.id)).toEqual([
      scheduledTransfer.id,
    ]);
    const detail = await alice.caller.scheduled.byId({ id: scheduledTransfer.id });
    expect(detail.data.upcoming).toEqual(['2027-01-10', '2027-02-10', '2027-03-10']);
    // Another customer's schedule is not found, whatever they try.
    expect(
      await rejectionOf(bob.caller.scheduled.byId({ id: scheduledTransfer.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await rejectionOf(bob.caller.scheduled.pause({ id: scheduledTransfer.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await bob.caller.scheduled.list()).data).toEqual([]);
  });

  it('refuses a past date, an end before the start, both an end and a count, another’s payee', async () => {
    const { alice, bob, payee } = await aliceAndBob(100);
    const base = { payeeId: payee.id, amount: 10, frequency: 'weekly' as const };
    expect(
      await rejectionOf(alice.caller.scheduled.create({ ...base, startDate: '2027-01-03' })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'The date cannot be in the past' });
    expect(
      await rejectionOf(
        alice.caller.scheduled.create({ ...base, startDate: '2027-01-10', endDate: '2027-01-09' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await rejectionOf(
        alice.caller.scheduled.create({
          ...base,
          startDate: '2027-01-10',
          endDate: '2027-02-10',
          count: 2,
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await rejectionOf(bob.caller.scheduled.create({ ...base, startDate: '2027-01-10' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Payee not found' });
  });
});

describe('the runner', () => {
  it('pays a date due today through the ledger, and moves the schedule on', async () => {
    const { alice, bob, payee, scheduledTransfer } = await aliceSchedules(100, {
      amount: 40,
      description: 'Rent',
      startDate: '2027-01-04',
      frequency: 'monthly',
    });
    const report = await runDueScheduledTransfers(app.deps);
    expect(report).toMatchObject({ paid: 1, failed: 0 });
    const [occurrence] = await occurrencesOf(scheduledTransfer.id);
    expect(occurrence).toMatchObject({ date: '2027-01-04', status: 'completed' });
    const history = await alice.caller.transactions.list({ page: 1, limit: 10 });
    const sent = history.data.find((row) => row.id === occurrence?.transactionId);
    expect(sent).toMatchObject({ type: 'transfer', amount: 40, description: 'Rent' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(6000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(4000n);
    const detail = await alice.caller.scheduled.byId({ id: scheduledTransfer.id });
    expect(detail.data).toMatchObject({ nextRunDate: '2027-02-04', occurrencesMade: 1 });
    expect(detail.data.occurrences).toEqual([
      expect.objectContaining({ date: '2027-01-04', status: 'completed', amount: 40 }),
    ]);
    // Run again the same day: nothing more.
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 0 });
    expect(await transfersTo(payee.id)).toHaveLength(1);
    await ledgerInvariant(app.db);
  });

  it('takes dates in the bank’s time zone: 23:30 in New York is still the day before', async () => {
    await aliceSchedules(100, {
      amount: 5,
      startDate: '2027-01-05',
      frequency: 'once',
    });
    // 04:30 UTC on the 5th is 23:30 on the 4th in New York.
    clock = new Date('2027-01-05T04:30:00Z');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 0 });
    clock = new Date('2027-01-05T05:01:00Z');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 1 });
  });

  it('pays a monthly schedule on the 31st on shorter months’ last day', async () => {
    const { alice, payee } = await aliceAndBob(500);
    clock = noonOn('2027-01-20');
    const { scheduledTransfer } = await alice.caller.scheduled.create({
      payeeId: payee.id,
      amount: 10,
      startDate: '2027-01-31',
      frequency: 'monthly',
      count: 4,
    });
    const { data } = await alice.caller.scheduled.byId({ id: scheduledTransfer.id });
    expect(data.upcoming).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    for (const day of ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']) {
      clock = noonOn(day);
      await runDueScheduledTransfers(app.deps);
      expect((await occurrencesOf(scheduledTransfer.id)).at(-1)?.date).toBe(day);
    }
    const dates = (await occurrencesOf(scheduledTransfer.id)).map((row) => [row.date, row.status]);
    expect(dates).toEqual([
      ['2027-01-31', 'completed'],
      ['2027-02-28', 'completed'],
      ['2027-03-31', 'completed'],
      ['2027-04-30', 'completed'],
    ]);
    const after = await alice.caller.scheduled.byId({ id: scheduledTransfer.id });
    expect(after.data).toMatchObject({
      status: 'completed',
      nextRunDate: null,
      occurrencesMade: 4,
    });
  });

  it('pays an occurrence exactly once when two instances race for it', async () => {
    const { alice, payee, scheduledTransfer } = await aliceSchedules(100, {
      amount: 30,
      startDate: '2027-01-04',
      frequency: 'weekly',
    });
    const reports = await Promise.all([
      runDueScheduledTransfers(app.deps),
      runDueScheduledTransfers(otherInstance()),
    ]);
    // Both found it due; one paid it, the other heard the stored answer (or found it paid).
    expect(reports.reduce((sum, report) => sum + report.paid, 0)).toBeGreaterThanOrEqual(1);
    expect(await transfersTo(payee.id)).toHaveLength(1);
    expect(await occurrencesOf(scheduledTransfer.id)).toEqual([
      expect.objectContaining({ date: '2027-01-04', status: 'completed' }),
    ]);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(7000n);
    const [row] = await app.db
      .select()
      .from(scheduledTransfers)
      .where(eq(scheduledTransfers.id, scheduledTransfer.id));
    expect(row).toMatchObject({ nextRunDate: '2027-01-11', occurrencesMade: 1 });
    await ledgerInvariant(app.db);
  });

  it('pays once across a crash, before or after the money was written', async () => {
    const { alice, payee } = await aliceSchedules(100, {
      amount: 20,
      startDate: '2027-01-04',
      frequency: 'weekly',
    });
    // Dies before the ledger's write: nothing moved, nothing recorded.
    const diesBeforeWrite = otherInstance({
      ledger: new LedgerDesk(app.db, app.deps.settings, {
        write: () => Promise.reject(new Error('process killed')),
      }),
    });
    await expect(runDueScheduledTransfers(diesBeforeWrite)).rejects.toThrow('process killed');
    expect(await transfersTo(payee.id)).toHaveLength(0);
    // Dies after the money committed, before it heard the answer.
    const desk = new LedgerDesk(app.db, app.deps.settings);
    const diesAfterWrite = otherInstance({
      ledger: Object.assign(Object.create(desk) as LedgerDesk, {
        submit: async (...args: Parameters<LedgerDesk['submit']>) => {
          await desk.submit(...args);
          throw new Error('process killed');
        },
      }),
    });
    await expect(runDueScheduledTransfers(diesAfterWrite)).rejects.toThrow('process killed');
    expect(await transfersTo(payee.id)).toHaveLength(1);
    // Restarted: the date is found paid, and paid only once.
    expect(await runDueScheduledTransfers(otherInstance())).toMatchObject({ paid: 0 });
    expect(await transfersTo(payee.id)).toHaveLength(1);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(8000n);
    await ledgerInvariant(app.db);
  });

  it('short of money: tells the day before, tries once more that day, then fails and tells', async () => {
    const { alice, payee, scheduledTransfer } = await aliceSchedules(50, {
      amount: 80,
      startDate: '2027-01-06',
      frequency: 'monthly',
    });
    // The day before: one notice, however often the runner looks.
    clock = noonOn('2027-01-05');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ noticesSent: 1 });
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ noticesSent: 0 });
    const inbox = await alice.caller.notifications.list({ limit: 20 });
    expect(inbox.data.map((notice) => notice.title)).toContain(
      'Not enough money for a scheduled payment',
    );
    expect((await app.mailbox(alice.email)).map((mail) => mail.subject)).toContain(
      'Not enough money for a scheduled payment',
    );

    // The day: the first try finds too little, and waits for its retry.
    clock = new Date('2027-01-06T06:00:00Z');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ retrying: 1 });
    const [waiting] = await occurrencesOf(scheduledTransfer.id);
    expect(waiting).toMatchObject({ status: 'retrying' });
    expect(waiting?.retryAt?.toISOString()).toBe('2027-01-06T22:00:00.000Z');
    // Not before its time; nor can the amount be changed on the day.
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 0, failed: 0 });
    expect(
      await rejectionOf(alice.caller.scheduled.update({ id: scheduledTransfer.id, amount: 10 })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'This payment is due today and can no longer be changed',
    });

    // Later that day, still short: it fails with its reason, the customer is told; never partial.
    clock = new Date('2027-01-06T22:00:00Z');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ failed: 1 });
    expect(await occurrencesOf(scheduledTransfer.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        reason: 'Insufficient funds',
        transactionId: null,
      }),
    ]);
    expect(await transfersTo(payee.id)).toHaveLength(0);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(5000n);
    const told = await app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, alice.id),
          eq(notifications.title, 'A scheduled payment failed'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe(`/transfers/scheduled/${scheduledTransfer.id}`);
    expect((await app.mailbox(alice.email)).map((mail) => mail.subject)).toContain(
      'A scheduled payment failed',
    );
    const { data } = await alice.caller.scheduled.byId({ id: scheduledTransfer.id });
    expect(data).toMatchObject({ status: 'active', nextRunDate: '2027-02-06' });
  });

  it('pays on the retry when money arrived meanwhile', async () => {
    const { alice, scheduledTransfer } = await aliceSchedules(50, {
      amount: 80,
      startDate: '2027-01-04',
      frequency: 'once',
    });
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ retrying: 1 });
    await alice.caller.transactions.deposit({
      amount: 50,
      method: 'card',
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    });
    clock = new Date('2027-01-05T03:00:00Z');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 1 });
    expect(await occurrencesOf(scheduledTransfer.id)).toEqual([
      expect.objectContaining({ status: 'completed', reason: null }),
    ]);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(2000n);
  });

  it('judges limits when it runs: over the payee’s daily limit the date fails with its reason', async () => {
    const { alice, payee } = await aliceAndBob(100);
    await alice.caller.payees.update({ id: payee.id, dailyLimit: 10 });
    const { scheduledTransfer } = await alice.caller.scheduled.create({
      payeeId: payee.id,
      amount: 15,
      startDate: '2027-01-04',
      frequency: 'once',
    });
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ failed: 1 });
    const [occurrence] = await occurrencesOf(scheduledTransfer.id);
    expect(occurrence?.reason).toMatch(/Payee daily limit exceeded/);
    expect((await alice.caller.scheduled.byId({ id: scheduledTransfer.id })).data.status).toBe(
      'completed',
    );
  });

  it('suspends a schedule whose payee was removed, or whose customer is blocked', async () => {
    const { alice, payee } = await aliceAndBob(100);
    const toRemoved = await alice.caller.scheduled.create({
      payeeId: payee.id,
      amount: 5,
      startDate: '2027-01-04',
      frequency: 'weekly',
    });
    await alice.caller.payees.remove({ id: payee.id });
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ suspended: 1, paid: 0 });
    expect(
      (await alice.caller.scheduled.byId({ id: toRemoved.scheduledTransfer.id })).data,
    ).toMatchObject({ status: 'suspended', statusReason: 'The payee was removed' });
    const [audited] = await auditEntries(app.db, 'scheduled_transfer.suspended', alice.id);
    expect(audited?.details).toMatchObject({ reason: 'The payee was removed' });

    const carol = await aliceAndBob(100);
    const blocked = await carol.alice.caller.scheduled.create({
      payeeId: carol.payee.id,
      amount: 5,
      startDate: '2027-01-04',
      frequency: 'weekly',
    });
    await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, carol.alice.id));
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ suspended: 1, paid: 0 });
    const [row] = await app.db
      .select()
      .from(scheduledTransfers)
      .where(eq(scheduledTransfers.id, blocked.scheduledTransfer.id));
    expect(row).toMatchObject({
      status: 'suspended',
      statusReason: 'The customer is blocked by the bank',
    });
    expect(await transfersTo(carol.payee.id)).toHaveLength(0);
  });

  it('waits under maintenance and pays after it', async () => {
    const { payee } = await aliceSchedules(100, {
      amount: 5,
      startDate: '2027-01-04',
      frequency: 'once',
    });
    await app.db.update(bankSettings).set({ maintenanceMode: true });
    app.deps.settings.forget();
    try {
      expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ waiting: true, paid: 0 });
      expect(await transfersTo(payee.id)).toHaveLength(0);
    } finally {
      await app.db.update(bankSettings).set({ maintenanceMode: false });
      app.deps.settings.forget();
    }
    // The next morning: the date that waited is paid.
    clock = noonOn('2027-01-05');
    expect(await runDueScheduledTransfers(app.deps)).toMatchObject({ paid: 1 });
    expect(await transfersTo(payee.id)).toHaveLength(1);
  });
});

describe('changing a schedule', () => {
  it('changes amount, date and description before the day; pauses, resumes with skips, cancels', async () => {
    const { alice, payee, scheduledTransfer } = await aliceSchedules(100, {
      amount: 10,
      startDate: '2027-01-05',
      frequency: 'weekly',
    });
    const { id } = scheduledTransfer;
    const updated = await alice.caller.scheduled.update({
      id,
      amount: 12.5,
      description: 'Savings',
      date: '2027-01-06',
    });
    expect(updated.scheduledTransfer).toMatchObject({
      amount: 12.5,
      description: 'Savings',
      nextRunDate: '2027-01-06',
    });
    await alice.caller.scheduled.pause({ id });
    expect(await rejectionOf(alice.caller.scheduled.pause({ id }))).toMatchObject({
      code: 'CONFLICT',
    });
    // Paused over two dates: nothing is paid, and resuming skips them.
    clock = noonOn('2027-01-14');
    await runDueScheduledTransfers(app.deps);
    expect(await transfersTo(payee.id)).toHaveLength(0);
    const resumed = await alice.caller.scheduled.resume({ id });
    expect(resumed.scheduledTransfer).toMatchObject({
      status: 'active',
      nextRunDate: '2027-01-20',
    });
    expect((await occurrencesOf(id)).map((row) => [row.date, row.status, row.reason])).toEqual([
      ['2027-01-06', 'skipped', 'Paused'],
      ['2027-01-13', 'skipped', 'Paused'],
    ]);
    const cancelled = await alice.caller.scheduled.cancel({ id });
    expect(cancelled.scheduledTransfer).toMatchObject({ status: 'cancelled', nextRunDate: null });
    clock = noonOn('2027-01-20');
    await runDueScheduledTransfers(app.deps);
    expect(await transfersTo(payee.id)).toHaveLength(0);
  });

  it('lets staff see and cancel a customer’s schedules (audited, the customer told)', async () => {
    const { alice, scheduledTransfer } = await aliceSchedules(100, {
      amount: 10,
      startDate: '2027-01-05',
      frequency: 'monthly',
    });
    const adminUser = await app.registerVerified({ firstName: 'Ada', lastName: 'Admin' });
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, adminUser.id));
    const admin = await app.caller((await app.signIn(adminUser.email)).token);
    // A customer may not use the staff calls.
    expect(await rejectionOf(alice.caller.scheduled.ofUser({ id: alice.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const seen = await admin.scheduled.ofUser({ id: alice.id });
    expect(seen.data.map((row) => row.id)).toEqual([scheduledTransfer.id]);
    const done = await admin.scheduled.staffCancel({ id: scheduledTransfer.id });
    expect(done.scheduledTransfer).toMatchObject({
      status: 'cancelled',
      statusReason: 'Cancelled by the bank',
    });
    const [audited] = await auditEntries(app.db, 'scheduled_transfer.cancelled', alice.id);
    expect(audited).toMatchObject({
      actorId: adminUser.id,
      details: expect.objectContaining({ byStaff: true }),
    });
    const inbox = await alice.caller.notifications.list({ limit: 20 });
    expect(inbox.data.map((notice) => notice.title)).toContain(
      'A scheduled transfer was cancelled',
    );
  });
});

describe('upcoming', () => {
  it('lists the next 7 days’ payments and what stays available after them', async () => {
    const { alice, payee } = await aliceSchedules(100, {
      amount: 20,
      startDate: '2027-01-05',
      frequency: 'weekly',
    });
    await alice.caller.scheduled.create({
      payeeId: payee.id,
      amount: 30,
      startDate: '2027-01-10',
      frequency: 'monthly',
    });
    await alice.caller.scheduled.create({
      payeeId: payee.id,
      amount: 99,
      startDate: '2027-01-11',
      frequency: 'once',
    });
    const upcoming = await alice.caller.scheduled.upcoming();
    expect(upcoming).toMatchObject({
      from: '2027-01-04',
      to: '2027-01-10',
      total: 50,
      available: 100,
      availableAfter: 50,
    });
    expect(upcoming.payments.map((payment) => [payment.date, payment.amount])).toEqual([
      ['2027-01-05', 20],
      ['2027-01-10', 30],
    ]);
    expect(await app.db.select().from(payees).where(eq(payees.userId, alice.id))).toHaveLength(1);
  });
});

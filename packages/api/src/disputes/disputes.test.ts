import { accounts, disputes, supportTickets, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { approveRequest } from '../approvals/decisions.ts';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { alicePaysBob, balanceCents, fundedCustomer, pay } from '../testing/money.ts';
import { checkLedgerAfterEach } from '../testing/sound-ledger.ts';
import { staffMember } from '../testing/staff.ts';
import { addBusinessDays } from './deadlines.ts';

const app = await createFileTestApp();
afterEach(() => {
  app.deps.now = () => new Date();
});
checkLedgerAfterEach(() => app);

const staff = (role: 'admin' | 'support', name: string) => staffMember(app, role, name);

async function suspenseCents() {
  const [row] = await app.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.systemCode, 'disputes_suspense'));
  if (!row) throw new Error('no disputes suspense account');
  return row.balance;
}

/** Alice pays Bob `dollars`: the payment Alice disputes. */
const payment = (dollars: number, aliceFunds = 500) =>
  alicePaysBob(app, dollars, { alice: aliceFunds, bob: 100 }, 'Concert tickets');

type Caller = Awaited<ReturnType<typeof app.caller>>;

/** `customer` opens a dispute and `agent` credits `amount` of it provisionally: the dispute. */
async function openWithCredit(
  customer: { caller: Caller },
  agent: { caller: Caller },
  opening: Parameters<Caller['disputes']['create']>[0],
  amount: number,
) {
  const { dispute } = await customer.caller.disputes.create(opening);
  await agent.caller.disputes.update({ id: dispute.id, status: 'provisional_credit', amount });
  return dispute;
}

describe('disputes', () => {
  it('runs submitted -> investigating -> provisional credit -> denied, the credit taken back', async () => {
    const agent = await staff('support', 'Sam');
    const { alice, id } = await payment(80);
    const suspenseBefore = await suspenseCents();

    const opened = await alice.caller.disputes.create({
      id,
      reason: 'unauthorised',
      description: 'I never bought concert tickets.',
    });
    expect(opened.dispute).toMatchObject({ status: 'submitted', transactionId: id });
    // Worked as a support ticket, urgent because someone else moved the money.
    const [ticket] = await app.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, opened.dispute.ticketId));
    expect(ticket).toMatchObject({ userId: alice.id, category: 'transaction', priority: 'high' });

    // One open dispute per movement.
    expect(
      await rejectionOf(
        alice.caller.disputes.create({ id, reason: 'other', description: 'Asking once more.' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'DISPUTE_OPEN' });

    const investigating = await agent.caller.disputes.update({
      id: opened.dispute.id,
      status: 'investigating',
    });
    expect(investigating.dispute.status).toBe('investigating');

    const credited = await agent.caller.disputes.update({
      id: opened.dispute.id,
      status: 'provisional_credit',
    });
    expect(credited.dispute).toMatchObject({ status: 'provisional_credit', creditedAmount: 80 });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(50_000n);
    expect(await suspenseCents()).toBe(suspenseBefore - 8_000n);
    const creditId = credited.dispute.creditTransactionId;
    if (!creditId) throw new Error('expected the credit movement');
    expect(await alice.caller.transactions.byId({ id: creditId })).toMatchObject({
      type: 'dispute_credit',
      direction: 'credit',
      amount: 80,
    });

    // A denial gives its reason.
    expect(
      await rejectionOf(agent.caller.disputes.update({ id: opened.dispute.id, status: 'denied' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    const denied = await agent.caller.disputes.update({
      id: opened.dispute.id,
      status: 'denied',
      reason: 'The card was used with your one-time code.',
    });
    expect(denied.dispute).toMatchObject({
      status: 'denied',
      decisionReason: 'The card was used with your one-time code.',
    });
    expect(denied.dispute.creditReversalId).not.toBeNull();
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(42_000n);
    expect(await suspenseCents()).toBe(suspenseBefore);
    const credit = await alice.caller.transactions.byId({ id: creditId });
    expect(credit.reversedBy).toEqual([denied.dispute.creditReversalId]);

    // Closed: nothing moves it again, and a new dispute of the same payment may be opened.
    expect(
      await rejectionOf(
        agent.caller.disputes.update({ id: opened.dispute.id, status: 'resolved' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'DISPUTE_STATUS' });

    // The customer was told each step by e-mail and in the inbox; every step is audited.
    const subjects = (await app.mailbox(alice.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'We received your dispute',
        'We are investigating your dispute',
        'Provisional credit while we investigate',
        'Your dispute was denied',
      ]),
    );
    const inbox = await alice.caller.notifications.list({ limit: 20 });
    expect(inbox.data.map((notice) => notice.title)).toContain('Your dispute was denied');
    const audited = await auditEntries(app.db, 'dispute.updated', alice.id);
    expect(audited.map((entry) => entry.actorId)).toEqual([agent.id, agent.id, agent.id]);

    const mine = await alice.caller.disputes.mine({ transactionId: id });
    expect(mine.data.map((dispute) => dispute.status)).toEqual(['denied']);
  });

  it('resolves for the customer after the payment is reversed with a second admin, paying once', async () => {
    const agent = await staff('support', 'Sue');
    const maker = await staff('admin', 'Maker');
    const checker = await staff('admin', 'Checker');
    const { alice, bob, id } = await payment(1_200, 2_000);
    await bob.caller.transactions.deposit({
      amount: 100,
      method: 'card',
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    });
    const { dispute } = await alice.caller.disputes.create({
      id,
      reason: 'not_received',
      description: 'The goods never arrived.',
    });
    await agent.caller.disputes.update({ id: dispute.id, status: 'provisional_credit' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(200_000n);

    // Above the four-eyes amount: the reversal waits for a second administrator.
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Goods not delivered' });
    if (!asked.approval) throw new Error('expected an approval request');
    expect(
      await rejectionOf(approveRequest(app.deps, asked.approval.id, { checkerId: maker.id })),
    ).toMatchObject({ reason: 'OWN_REQUEST' });
    await approveRequest(app.deps, asked.approval.id, { checkerId: checker.id });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(320_000n);

    const resolved = await agent.caller.disputes.update({
      id: dispute.id,
      status: 'resolved',
      reason: 'The seller refunded you.',
    });
    expect(resolved.dispute.status).toBe('resolved');
    expect(resolved.dispute.creditReversalId).not.toBeNull();
    // Alice has her money back once: the reversal replaced the provisional credit.
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(200_000n);
    const subjects = (await app.mailbox(alice.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Your dispute was resolved in your favour');
  });

  it('pays once when the payment is reversed after its dispute was resolved with the credit kept', async () => {
    const agent = await staff('support', 'Sid');
    const admin = await staff('admin', 'Ann');
    const { alice, bob, id } = await payment(80);
    const dispute = await openWithCredit(
      alice,
      agent,
      { id, reason: 'not_received', description: 'The tickets never came.' },
      50,
    );
    await agent.caller.disputes.update({ id: dispute.id, status: 'resolved' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(47_000n);

    // $50 of the $80 came back to Alice by the kept credit: only $30 is left to reverse.
    expect(
      await rejectionOf(admin.caller.transactions.reverse({ id, reason: 'Refund in full' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'Only $30.00 of this movement is left to reverse: $50.00 came back to the customer when their dispute was resolved',
    });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(47_000n);
    await admin.caller.transactions.reverse({ id, amount: 30, reason: 'The rest of the refund' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(50_000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(15_000n);

    // A second dispute of the same payment cannot be credited again either.
    const again = await alice.caller.disputes.create({
      id,
      reason: 'other',
      description: 'Asking once more.',
    });
    expect(
      await rejectionOf(
        agent.caller.disputes.update({ id: again.dispute.id, status: 'provisional_credit' }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'At most $0.00 of this payment can be credited',
    });
  });

  it('takes the whole credit back on resolution when a reversal returned more than it', async () => {
    const agent = await staff('support', 'Sol');
    const admin = await staff('admin', 'Abe');
    const { alice, id } = await payment(80);
    const dispute = await openWithCredit(
      alice,
      agent,
      { id, reason: 'not_received', description: 'Nothing came.' },
      50,
    );
    await admin.caller.transactions.reverse({ id, amount: 60, reason: 'Partial refund' });
    // The reversal returned $60: the $50 credit is taken back whole, and Alice is paid $60 once.
    const resolved = await agent.caller.disputes.update({ id: dispute.id, status: 'resolved' });
    expect(resolved.dispute.creditReversalId).not.toBeNull();
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(48_000n);
  });

  it('takes a credit back when the customer withdraws, or names the shortfall if it was spent', async () => {
    const agent = await staff('admin', 'Ada');
    const { alice, bob, id } = await payment(60, 60);
    const dispute = await openWithCredit(
      alice,
      agent,
      { id, reason: 'wrong_amount', description: 'I agreed to pay 40 dollars.' },
      20,
    );
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(2_000n);
    await pay(alice, bob, 15);
    expect(await rejectionOf(alice.caller.disputes.withdraw({ id: dispute.id }))).toMatchObject({
      reason: 'REVERSAL_SHORTFALL',
      figures: { shortfall: 15, available: 5 },
    });
    await pay(bob, alice, 15);
    const withdrawn = await alice.caller.disputes.withdraw({ id: dispute.id });
    expect(withdrawn.dispute.status).toBe('withdrawn');
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(0n);
  });

  it('keeps the deadlines by an injected clock and puts the late ones first', async () => {
    const agent = await staff('support', 'Queue');
    // A Friday: ten business days later is the Friday two weeks on.
    const friday = new Date('2031-01-03T15:00:00.000Z');
    app.deps.now = () => friday;
    const early = await payment(10);
    const first = await early.alice.caller.disputes.create({
      id: early.id,
      reason: 'duplicate',
      description: 'Charged twice for one order.',
    });
    expect(first.dispute.creditDueAt).toBe('2031-01-17T15:00:00.000Z');
    expect(first.dispute.decisionDueAt).toBe('2031-02-17T15:00:00.000Z');
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2031-01-06T15:00:00.000Z');

    app.deps.now = () => new Date('2031-01-10T15:00:00.000Z');
    const later = await payment(10);
    const second = await later.alice.caller.disputes.create({
      id: later.id,
      reason: 'other',
      description: 'Something is wrong here.',
    });
    await agent.caller.disputes.update({ id: first.dispute.id, status: 'provisional_credit' });

    app.deps.now = () => new Date('2031-01-27T15:00:00.000Z');
    const queue = await agent.caller.disputes.queue({ state: 'open' });
    const ours = queue.data.filter((d) => [first.dispute.id, second.dispute.id].includes(d.id));
    // The second still owes its credit (due Jan 24, passed); the first is credited and owes a
    // decision by Feb 17: the late one comes first.
    expect(ours.map((d) => [d.id, d.late])).toEqual([
      [second.dispute.id, true],
      [first.dispute.id, false],
    ]);
    expect(queue.late).toBeGreaterThanOrEqual(1);
    await agent.caller.disputes.update({ id: first.dispute.id, status: 'resolved' });
    await agent.caller.disputes.update({
      id: second.dispute.id,
      status: 'denied',
      reason: 'No problem found.',
    });
  });

  it('keeps disputes to their owners and staff, and staff off their own', async () => {
    const { alice, bob, id } = await payment(25);
    const { dispute } = await alice.caller.disputes.create({
      id,
      reason: 'other',
      description: 'Please look at this one.',
    });
    // Bob is on the payment too, but it is Alice's dispute: not found for him.
    expect(await rejectionOf(bob.caller.disputes.withdraw({ id: dispute.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await rejectionOf(bob.caller.disputes.queue({ state: 'open' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await rejectionOf(bob.caller.disputes.update({ id: dispute.id, status: 'investigating' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    // Another customer's payment is not found at all.
    const stranger = await fundedCustomer(app, 0, 'Eve');
    expect(
      await rejectionOf(
        stranger.caller.disputes.create({ id, reason: 'other', description: 'Not mine at all.' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });

    // An administrator who disputes their own payment cannot work that dispute.
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, alice.id));
    const aliceAsAdmin = await app.caller(alice.token);
    expect(
      await rejectionOf(
        aliceAsAdmin.disputes.update({ id: dispute.id, status: 'provisional_credit' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_ACCOUNT' });
    await aliceAsAdmin.disputes.withdraw({ id: dispute.id });
    const [row] = await app.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(row?.status).toBe('withdrawn');
  });

  it('refuses a second open dispute of the same payment when two arrive together', async () => {
    const { alice, id } = await payment(30);
    const outcomes = await Promise.allSettled([
      alice.caller.disputes.create({ id, reason: 'duplicate', description: 'First of two.' }),
      alice.caller.disputes.create({ id, reason: 'duplicate', description: 'Second of two.' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const opened = await alice.caller.disputes.mine({ transactionId: id });
    expect(opened.data).toHaveLength(1);
  });
});

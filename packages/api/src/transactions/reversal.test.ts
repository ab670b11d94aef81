import { approvalRequests, auditLog, transactions, users } from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approveRequest, rejectRequest } from '../approvals/decisions.ts';
import { APPROVAL_TTL_MS } from '../approvals/requests.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { alicePaysBob, balanceCents, fundedCustomer, pay, testCard } from '../testing/money.ts';
import { checkLedgerAfterEach } from '../testing/sound-ledger.ts';
import { staffMember } from '../testing/staff.ts';
import { requestReversal } from './reversal.ts';
import { settlePendingTransactions } from './settlement.ts';

const app = await createFileTestApp();
checkLedgerAfterEach(() => app);

const admin = (name = 'Officer') => staffMember(app, 'admin', name);

/** Alice pays Bob `dollars` (both customers of the bank): the movement to reverse. */
const payment = (dollars: number, aliceFunds = 5_000) =>
  alicePaysBob(app, dollars, { alice: aliceFunds, bob: 0 }, 'Rent');

describe('reversals', () => {
  it('reverses a payment in part, then the rest, linked both ways and never past the amount', async () => {
    const officer = await admin();
    const { alice, bob, id } = await payment(300);
    const first = await officer.caller.transactions.reverse({
      id,
      amount: 100,
      reason: 'Sent twice',
    });
    if (!first.transaction) throw new Error('expected a reversal at once');
    expect(first.transaction).toMatchObject({
      type: 'reversal',
      status: 'completed',
      amount: 100,
      reverses: id,
    });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(480_000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(20_000n);

    const rest = await officer.caller.transactions.reverse({ id, reason: 'The rest too' });
    if (!rest.transaction) throw new Error('expected a reversal at once');
    expect(rest.transaction.amount).toBe(200);

    const original = await alice.caller.transactions.byId({ id });
    expect(original.reversedAmount).toBe(300);
    expect(original.reversedBy).toEqual([first.transaction.id, rest.transaction.id]);
    expect(original.timeline.at(-1)?.description).toBe('Reversed $200.00: The rest too');
    // Bob sees the reversal in his own history, saying what it reverses.
    const seen = await bob.caller.transactions.byId({ id: first.transaction.id });
    expect(seen).toMatchObject({ reverses: id, direction: 'debit', type: 'reversal' });

    expect(
      await rejectionOf(officer.caller.transactions.reverse({ id, amount: 1, reason: 'Again' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This movement has already been reversed in full',
    });
    expect(
      await rejectionOf(
        officer.caller.transactions.reverse({ id: first.transaction.id, reason: 'Undo the undo' }),
      ),
    ).toMatchObject({ message: 'A reversal cannot itself be reversed' });
    // Both customers are told by e-mail, with the reason.
    const aliceMail = await app.mailbox(alice.email);
    expect(aliceMail.map((m) => m.subject)).toContain('A payment was reversed');
    expect(aliceMail.find((m) => m.subject === 'A payment was reversed')?.text).toContain(
      'Reason: The rest too',
    );
    expect((await app.mailbox(bob.email)).map((m) => m.subject)).toContain(
      'A payment was reversed',
    );
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'transaction.reversed'), eq(auditLog.actorId, officer.id)));
    expect(audited.map((entry) => entry.userId).sort()).toEqual(
      [alice.id, bob.id, alice.id, bob.id].sort(),
    );
  });

  it('refuses more than is left, naming how much is', async () => {
    const officer = await admin();
    const { id } = await payment(50);
    expect(
      await rejectionOf(
        officer.caller.transactions.reverse({ id, amount: 60, reason: 'Too much' }),
      ),
    ).toMatchObject({ message: 'Only $50.00 of this movement is left to reverse' });
  });

  it('names the shortfall when the recipient cannot give the money back', async () => {
    const officer = await admin();
    const { bob, id } = await payment(80);
    const carol = await fundedCustomer(app, 0, 'Carol');
    await pay(bob, carol, 50);
    expect(await rejectionOf(officer.caller.transactions.reverse({ id, reason: 'Fraud' }))).toEqual(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        reason: 'REVERSAL_SHORTFALL',
        message: 'The account holds $30.00: $50.00 short of the $80.00 to reverse',
        figures: { shortfall: 50, available: 30 },
      }),
    );
  });

  it('voids a pending external transfer instead of reversing it', async () => {
    const officer = await admin();
    const alice = await fundedCustomer(app, 500, 'Alice');
    const sent = await alice.caller.transactions.transfer({
      recipientAccountNumber: '021000021123',
      routingNumber: '021000021',
      recipientName: 'Elsewhere',
      amount: 120,
    });
    expect(
      await rejectionOf(
        officer.caller.transactions.reverse({
          id: sent.transaction.id,
          amount: 20,
          reason: 'Part',
        }),
      ),
    ).toMatchObject({ message: 'A pending movement is voided whole: leave the amount out' });
    const voided = await officer.caller.transactions.reverse({
      id: sent.transaction.id,
      reason: 'Customer called',
    });
    if (!voided.transaction) throw new Error('expected a void at once');
    expect(voided.transaction).toMatchObject({ id: sent.transaction.id, status: 'failed' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(50_000n);
    // Settlement finds it no longer pending.
    expect(await settlePendingTransactions(app.deps, 0)).toBe(0);
  });

  it('reverses a completed deposit from the customer to the clearing account', async () => {
    const officer = await admin();
    const alice = await fundedCustomer(app, 200, 'Alice');
    const [deposit] = await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.recipientUserId, alice.id));
    if (!deposit) throw new Error('no deposit');
    await officer.caller.transactions.reverse({ id: deposit.id, amount: 75, reason: 'Chargeback' });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(12_500n);
  });

  it('lets nobody reverse a movement of their own account', async () => {
    const officer = await admin();
    const bob = await fundedCustomer(app, 0, 'Bob');
    await officer.caller.transactions.deposit({ amount: 10, method: 'card', ...testCard });
    const paid = await pay(officer, bob, 5);
    expect(
      await rejectionOf(
        officer.caller.transactions.reverse({ id: paid.transaction.id, reason: 'Mine' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_ACCOUNT' });
  });

  it('never over-reverses when reversals race', async () => {
    const officer = await admin();
    const { id } = await payment(100);
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        officer.caller.transactions.reverse({ id, amount: 40, reason: 'Race' }),
      ),
    );
    const done = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(done).toHaveLength(2);
    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row?.reversedCents).toBe(8_000n);
    const reversals = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.reversesId, id));
    expect(reversals).toHaveLength(2);
  });

  it('never over-reverses when two desks race (two instances)', async () => {
    const officer = await admin();
    const { id } = await payment(100);
    const { LedgerDesk } = await import('../ledger/desk.ts');
    const other = new LedgerDesk(app.deps.db, app.deps.settings);
    const attempts = await Promise.allSettled(
      [app.deps, { ...app.deps, ledger: other }].flatMap((deps) =>
        [1, 2].map(() =>
          requestReversal(deps, { id, amount: 30, reason: 'Race' }, { actorId: officer.id }),
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row?.reversedCents).toBe(9_000n);
  });
});

describe('four eyes on reversals', () => {
  it('makes a reversal above the bank’s amount wait for a second administrator', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const { alice, bob, id } = await payment(1_500);
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Fraud reported' });
    if (!asked.approval) throw new Error('expected an approval request');
    expect(asked.approval).toMatchObject({ action: 'reversal', status: 'pending', amount: 1_500 });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(150_000n);

    // A second pending request for the same movement is refused.
    expect(
      await rejectionOf(maker.caller.transactions.reverse({ id, amount: 1_200, reason: 'Again' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPROVAL_PENDING' });
    // The maker cannot approve their own.
    expect(
      await rejectionOf(maker.caller.approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_REQUEST' });

    const queue = await checker.caller.approvals.list({ status: 'pending' });
    expect(queue.data.map((request) => request.id)).toContain(asked.approval.id);

    const approved = await checker.caller.approvals.approve({ id: asked.approval.id });
    expect(approved.approval).toMatchObject({ status: 'approved', checkerId: checker.id });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(500_000n);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(0n);
    // Both people are in the audit log: the reversal names its maker and who approved it.
    const [reversed] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'transaction.reversed'), eq(auditLog.userId, bob.id)));
    expect(reversed).toMatchObject({ actorId: maker.id });
    expect(reversed?.details).toMatchObject({ approvedBy: checker.id });
    const [approval] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'approval.approved'), eq(auditLog.actorId, checker.id)));
    expect(approval?.details).toMatchObject({ makerId: maker.id });

    expect(
      await rejectionOf(checker.caller.approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPROVAL_CLOSED' });
  });

  it('keeps the request pending when the money moved meanwhile, and runs nothing on rejection', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const { bob, id } = await payment(2_000);
    const carol = await fundedCustomer(app, 0, 'Carol');
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Fraud' });
    if (!asked.approval) throw new Error('expected an approval request');
    await pay(bob, carol, 1_000);
    expect(
      await rejectionOf(checker.caller.approvals.approve({ id: asked.approval.id })),
    ).toMatchObject({ reason: 'REVERSAL_SHORTFALL' });
    const [still] = await app.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, asked.approval.id));
    expect(still?.status).toBe('pending');

    expect(
      await rejectionOf(checker.caller.approvals.reject({ id: asked.approval.id, reason: '' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    const rejected = await checker.caller.approvals.reject({
      id: asked.approval.id,
      reason: 'The customer confirmed it',
    });
    expect(rejected.approval).toMatchObject({
      status: 'rejected',
      decisionReason: 'The customer confirmed it',
    });
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(100_000n);
  });

  it('lets a request lapse after 24 hours, and then a new one may be made', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const { id } = await payment(1_100);
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Fraud' });
    if (!asked.approval) throw new Error('expected an approval request');
    const later = new Date(Date.parse(asked.approval.createdAt) + APPROVAL_TTL_MS + 1);
    expect(
      await rejectionOf(
        approveRequest(app.deps, asked.approval.id, { checkerId: checker.id, now: later }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPROVAL_CLOSED' });
    expect(
      await rejectionOf(
        rejectRequest(
          app.deps,
          { id: asked.approval.id, reason: 'Late' },
          { checkerId: checker.id, now: later },
        ),
      ),
    ).toMatchObject({ reason: 'APPROVAL_CLOSED', message: expect.stringContaining('expired') });
    const again = await requestReversal(
      app.deps,
      { id, reason: 'Fraud, again' },
      { actorId: maker.id, now: later },
    );
    expect(again).toHaveProperty('approval.status', 'pending');
  });

  it('takes the four-eyes amount from the bank settings, saved and audited', async () => {
    const maker = await admin('Maker');
    const settings = await maker.caller.settings.get();
    expect(settings.fourEyes).toEqual({
      reversalAbove: 1_000,
      loanApprovalAbove: 25_000,
      limitRaise: true,
      adminGrant: true,
      freezeLift: true,
    });
    const { updatedAt: _, ...rest } = settings;
    await maker.caller.settings.update({
      ...rest,
      fourEyes: { ...settings.fourEyes, reversalAbove: 50 },
    });
    const { id } = await payment(60);
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Check' });
    expect(asked).toHaveProperty('approval.status', 'pending');
    const [audited] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'settings.updated'), eq(auditLog.actorId, maker.id)));
    expect(audited?.details).toMatchObject({
      old: { reversalApprovalAbove: 1_000 },
      new: { reversalApprovalAbove: 50 },
    });
    await maker.caller.settings.update({ ...rest, fourEyes: settings.fourEyes });
  });

  it('refuses a customer approving a reversal of their own account', async () => {
    const maker = await admin('Maker');
    const { id, bob } = await payment(1_200);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, bob.id));
    const asked = await maker.caller.transactions.reverse({ id, reason: 'Fraud' });
    if (!asked.approval) throw new Error('expected an approval request');
    const bobAdmin = await app.caller(bob.token);
    expect(await rejectionOf(bobAdmin.approvals.approve({ id: asked.approval.id }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'OWN_ACCOUNT',
    });
  });
});

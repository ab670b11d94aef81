import { auditLog } from '@bank/db/schema';
import { transferInput } from '@bank/validators/money';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LedgerDesk } from '../ledger/desk.ts';
import { transferPosting } from '../ledger/kinds/transfer.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { balanceCents, fundedCustomer, pay, testCard } from '../testing/money.ts';
import { checkLedgerAfterEach } from '../testing/sound-ledger.ts';
import { staffMember } from '../testing/staff.ts';
import { placeHold } from './service.ts';

const app = await createFileTestApp();
checkLedgerAfterEach(() => app);

const admin = (firstName = 'Ops') => staffMember(app, 'admin', firstName);

const frozen = { code: 'FORBIDDEN', message: 'This account is frozen. Please contact support.' };

/** Asserts `attempt` is refused because an account is frozen. */
async function expectFrozen(attempt: Promise<unknown>) {
  expect(await rejectionOf(attempt)).toMatchObject(frozen);
}
const frozenReason = { reason: 'ACCOUNT_FROZEN' };

const application = personalLoan;

describe('freezes, judged by the ledger for every movement kind', () => {
  it('a debits freeze stops transfers out, withdrawals and repayments, and lets money in', async () => {
    const ops = await admin();
    const alice = await fundedCustomer(app, 500, 'Alice');
    const bob = await fundedCustomer(app, 100, 'Bob');
    const { loan } = await alice.caller.loans.create(application);
    await ops.caller.loans.decide({ id: loan.id, status: 'approved' });
    const answer = await ops.caller.restrictions.freeze({
      accountNumber: alice.accountNumber,
      mode: 'debits',
      reason: 'Suspected fraud',
    });
    expect(answer).toMatchObject({ message: 'Account frozen', freeze: { mode: 'debits' } });
    const before = await balanceCents(app.db, alice.accountNumber);
    const refusals = [
      () =>
        alice.caller.transactions.transfer({
          recipientAccountNumber: bob.accountNumber,
          amount: 5,
        }),
      () =>
        alice.caller.transactions.transfer({
          recipientAccountNumber: '777123456',
          routingNumber: '021000021',
          amount: 5,
        }),
      () => alice.caller.transactions.withdraw({ amount: 5, method: 'cash_pickup' }),
      () => alice.caller.loans.repay({ id: loan.id, mode: 'instalment' }),
    ];
    for (const attempt of refusals)
      expect(await rejectionOf(attempt())).toMatchObject({ ...frozen, ...frozenReason });
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(before);
    // Money still comes in: a deposit, and a transfer from Bob.
    await alice.caller.transactions.deposit({ amount: 10, method: 'card', ...testCard });
    await pay(bob, alice, 1);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(before + 1100n);
    // The customer still signs in and is told.
    await app.signIn(alice.email);
    const mine = await alice.caller.restrictions.mine();
    expect(mine.accounts[0]?.freeze).toEqual({ mode: 'debits', expiresAt: null });
    expect(mine.support.email).toBeTruthy();
    const mail = await app.mailbox(alice.email);
    expect(mail.some((m) => m.subject === 'Your account is frozen')).toBe(true);
    // Lifted: money leaves again; lifting twice is refused.
    await ops.caller.restrictions.unfreeze({ accountNumber: alice.accountNumber });
    await pay(alice, bob, 5);
    expect(
      await rejectionOf(ops.caller.restrictions.unfreeze({ accountNumber: alice.accountNumber })),
    ).toMatchObject({ code: 'CONFLICT', message: 'This account is not frozen' });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, alice.id), eq(auditLog.actorId, ops.id)));
    expect(audits.map((row) => row.event)).toEqual(
      expect.arrayContaining(['account.frozen', 'account.unfrozen']),
    );
  });

  it('a credits freeze stops deposits, incoming transfers and loan disbursements; all stops both', async () => {
    const ops = await admin();
    const carol = await fundedCustomer(app, 100, 'Carol');
    const dave = await fundedCustomer(app, 100, 'Dave');
    const { loan } = await carol.caller.loans.create(application);
    await ops.caller.restrictions.freeze({
      accountNumber: carol.accountNumber,
      mode: 'credits',
      reason: 'KYC review',
    });
    await expectFrozen(
      carol.caller.transactions.deposit({ amount: 10, method: 'card', ...testCard }),
    );
    await expectFrozen(
      dave.caller.transactions.transfer({
        recipientAccountNumber: carol.accountNumber,
        amount: 5,
      }),
    );
    await expectFrozen(ops.caller.loans.decide({ id: loan.id, status: 'approved' }));
    // Money may still leave under a credits freeze.
    await pay(carol, dave, 5);
    await ops.caller.restrictions.freeze({
      accountNumber: carol.accountNumber,
      mode: 'all',
      reason: 'Court order',
    });
    await expectFrozen(
      carol.caller.transactions.transfer({
        recipientAccountNumber: dave.accountNumber,
        amount: 5,
      }),
    );
    await expectFrozen(
      carol.caller.transactions.deposit({ amount: 10, method: 'card', ...testCard }),
    );
    expect(await balanceCents(app.db, carol.accountNumber)).toBe(9_500n);
  });

  it('an expired freeze stops applying by itself (the desk’s clock decides)', async () => {
    const ops = await admin();
    const erin = await fundedCustomer(app, 100, 'Erin');
    const fred = await fundedCustomer(app, 0, 'Fred');
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await ops.caller.restrictions.freeze({
      accountNumber: erin.accountNumber,
      mode: 'all',
      reason: 'Until the call back',
      expiresAt: expiresAt.toISOString(),
    });
    let clock = new Date(expiresAt.getTime() - 1000);
    const desk = new LedgerDesk(app.db, app.deps.settings, { now: () => clock });
    const sender = await app.deps.sessions.validate(erin.token);
    if (!sender) throw new Error('no session');
    const posting = () =>
      transferPosting({
        user: sender.user,
        input: transferInput.parse({ recipientAccountNumber: fred.accountNumber, amount: 10 }),
        amountCents: 1000n,
      });
    await expectFrozen(desk.submit(posting()));
    clock = new Date(expiresAt.getTime() + 1000);
    await desk.submit(posting());
    expect(await balanceCents(app.db, fred.accountNumber)).toBe(1000n);
  });

  it('refuses staff freezing their own account, bad modes and past expiries', async () => {
    const ops = await admin();
    const gina = await fundedCustomer(app, 0, 'Gina');
    /** Why `who`'s freeze of every movement of `accountNumber`'s account was refused. */
    const freezeRefusal = (
      who: typeof ops,
      accountNumber: string,
      reason: string,
      expiresAt?: string,
    ) =>
      rejectionOf(
        who.caller.restrictions.freeze({ accountNumber, mode: 'all', reason, expiresAt }),
      );
    expect(await freezeRefusal(ops, ops.accountNumber, 'Me' + 'e')).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot act on your own account',
    });
    expect(
      await freezeRefusal(ops, gina.accountNumber, 'Late', '2020-01-01T00:00:00Z'),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Expiry must be in the future' });
    expect(await freezeRefusal(gina, ops.accountNumber, 'Nope')).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('holds: available = balance - active holds', () => {
  it('refuses a debit beyond what is available, naming it, and releases by hand or by time', async () => {
    const ops = await admin();
    const hank = await fundedCustomer(app, 100, 'Hank');
    const ivy = await fundedCustomer(app, 0, 'Ivy');
    // Minutes ahead, not days: the desk's clock moved past it stays on today's limits.
    const expiresAt = new Date(Date.now() + 2 * 60_000);
    const { hold } = await ops.caller.restrictions.placeHold({
      accountNumber: hank.accountNumber,
      amount: 60,
      reason: 'Disputed deposit',
      expiresAt: expiresAt.toISOString(),
    });
    expect(hold).toMatchObject({ amount: 60, active: true, reason: 'Disputed deposit' });
    expect(
      await rejectionOf(
        hank.caller.transactions.transfer({
          recipientAccountNumber: ivy.accountNumber,
          amount: 50,
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Insufficient funds: $40.00 available ($60.00 on hold)',
    });
    await pay(hank, ivy, 40);
    const mine = await hank.caller.restrictions.mine();
    expect(mine.accounts[0]).toMatchObject({
      available: 0,
      held: 60,
      holds: [{ id: hold.id, amount: 60, expiresAt: expiresAt.toISOString() }],
    });
    // A second hold beyond what is available is refused.
    expect(
      await rejectionOf(
        ops.caller.restrictions.placeHold({
          accountNumber: hank.accountNumber,
          amount: 1,
          reason: 'More',
          expiresAt: expiresAt.toISOString(),
        }),
      ),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'The hold exceeds the available balance of $0.00',
    });
    // By time: a desk whose clock is past the expiry lets the money go.
    const desk = new LedgerDesk(app.db, app.deps.settings, {
      now: () => new Date(expiresAt.getTime() + 1),
    });
    const sender = await app.deps.sessions.validate(hank.token);
    if (!sender) throw new Error('no session');
    await desk.submit(
      transferPosting({
        user: sender.user,
        input: transferInput.parse({ recipientAccountNumber: ivy.accountNumber, amount: 10 }),
        amountCents: 1000n,
      }),
    );
    // By hand: released, the rest is free.
    await ops.caller.restrictions.releaseHold({ id: hold.id });
    expect(await rejectionOf(ops.caller.restrictions.releaseHold({ id: hold.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'This hold is no longer active',
    });
    await hank.caller.transactions.withdraw({ amount: 50, method: 'cash_pickup' });
    expect(await balanceCents(app.db, hank.accountNumber)).toBe(0n);
    const detail = await ops.caller.restrictions.ofUser({ id: hank.id });
    expect(detail.accounts[0]?.holds[0]).toMatchObject({ id: hold.id, active: false });
  });

  it('a placed hold expires by itself for the customer’s view too (injected clock)', async () => {
    const ops = await admin();
    const jay = await fundedCustomer(app, 100, 'Jay');
    const now = new Date();
    await placeHold(
      app.deps,
      { id: ops.id },
      {
        accountNumber: jay.accountNumber,
        amount: 25,
        reason: 'Chargeback pending',
        expiresAt: new Date(now.getTime() + 1000).toISOString(),
      },
      now,
    );
    const { restrictionsForCustomer } = await import('./views.ts');
    expect((await restrictionsForCustomer(app.db, jay.id, now))[0]).toMatchObject({
      available: 75,
      held: 25,
    });
    expect(
      (await restrictionsForCustomer(app.db, jay.id, new Date(now.getTime() + 2000)))[0],
    ).toMatchObject({ available: 100, held: 0, holds: [] });
  });

  it('races holds against debits: never both when together they pass the balance', async () => {
    const ops = await admin();
    const expiresAt = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const kim = await fundedCustomer(app, 0, 'Kim');
    for (let round = 0; round < 6; round++) {
      const payer = await fundedCustomer(app, 100, `Racer${round}`);
      const outcomes = await Promise.allSettled([
        ops.caller.restrictions.placeHold({
          accountNumber: payer.accountNumber,
          amount: 80,
          reason: 'Race',
          expiresAt,
        }),
        payer.caller.transactions.transfer({
          recipientAccountNumber: kim.accountNumber,
          amount: 50,
        }),
      ]);
      const [held, paid] = outcomes;
      expect(held?.status === 'fulfilled' && paid?.status === 'fulfilled').toBe(false);
      expect(held?.status === 'fulfilled' || paid?.status === 'fulfilled').toBe(true);
      const mine = await payer.caller.restrictions.mine();
      const account = mine.accounts[0];
      expect(account && account.available >= 0 && account.held <= 100).toBe(true);
      const balance = await balanceCents(app.db, payer.accountNumber);
      expect(balance === 10_000n || balance === 5_000n).toBe(true);
      if (held?.status === 'fulfilled') expect(balance).toBe(10_000n);
    }
  });
});

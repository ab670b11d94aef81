import { accounts, events, loanPayments, loans, transactions } from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { fundedCustomer, ledgerInvariant, soundLedger } from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';
import { markArrears } from './arrears.ts';

const app = await createFileTestApp();

const application = personalLoan;

const admin = () => staffMember(app, 'admin', 'Officer');

async function systemBalance(code: string) {
  const [row] = await app.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.systemCode, code));
  return row?.balance ?? 0n;
}

describe('products and the calculator', () => {
  it('offers five types, the three tiles at the bank settings’ rates', async () => {
    const alice = await fundedCustomer(app, 0);
    const { loanTypes, interestRates } = await alice.caller.loans.types();
    expect(loanTypes.map((product) => product.type)).toEqual([
      'personal',
      'business',
      'mortgage',
      'education',
      'vehicle',
    ]);
    expect(loanTypes.slice(0, 3)).toMatchObject([
      { minAmount: 1_000, maxAmount: 50_000, minTerm: 12, maxTerm: 60, interestRate: 12.5 },
      { minAmount: 10_000, maxAmount: 500_000, minTerm: 12, maxTerm: 84, interestRate: 10 },
      { minAmount: 50_000, maxAmount: 1_000_000, minTerm: 120, maxTerm: 360, interestRate: 6.5 },
    ]);
    expect(interestRates).toMatchObject({ personal: 12.5, business: 10, mortgage: 6.5 });
  });

  it('calculates the payment, the totals and the schedule, and refuses what the product lacks', async () => {
    const alice = await fundedCustomer(app, 0);
    const offer = await alice.caller.loans.calculate({
      type: 'personal',
      amount: 10_000,
      term: 12,
    });
    expect(offer).toMatchObject({
      interestRate: 12.5,
      monthlyPayment: 890.83,
      totalInterest: 689.93,
      totalPayable: 10_689.93,
    });
    expect(offer.schedule).toHaveLength(12);
    expect(offer.schedule.at(-1)?.balance).toBe(0);
    const refused = await rejectionOf(
      alice.caller.loans.calculate({ type: 'mortgage', amount: 10_000, term: 12 }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.details).toEqual([
      {
        field: 'amount',
        message: 'Amount must be between $50,000.00 and $1,000,000.00 for a mortgage loan',
      },
      { field: 'term', message: 'Term must be between 120 and 360 months for a mortgage loan' },
    ]);
  });
});

describe('applications', () => {
  it('checks every field with docs/product.md’s messages', async () => {
    const alice = await fundedCustomer(app, 0);
    const refused = await rejectionOf(
      // @ts-expect-error: an empty application, as a careless client would send it
      alice.caller.loans.create({ collateral: {} }),
    );
    expect(refused.details?.map((detail) => detail.message)).toEqual(
      expect.arrayContaining([
        'Loan type is required',
        'Amount is required',
        'Term is required',
        'Purpose is required',
        'Employment status is required',
        'Monthly income is required',
        'Collateral type is required',
        'Collateral value is required',
        'Collateral description is required',
      ]),
    );
    const negative = await rejectionOf(
      alice.caller.loans.create({
        ...application,
        amount: -5,
        term: 0,
        monthlyIncome: 0,
        collateral: { ...application.collateral, value: -1 },
      }),
    );
    expect(negative.details?.map((detail) => detail.message)).toEqual([
      'Amount must be positive',
      'Term must be positive',
      'Monthly income must be positive',
      'Collateral value must be positive',
    ]);
  });

  it('stores a pending application with its offer, which only its owner reads, edits and cancels', async () => {
    const alice = await fundedCustomer(app, 0);
    const mallory = await fundedCustomer(app, 0);
    const { message, loan } = await alice.caller.loans.create({
      ...application,
      tenure: { months: 99 },
    });
    expect(message).toBe('Loan application submitted successfully');
    expect(loan).toMatchObject({
      status: 'pending',
      amount: 10_000,
      term: 12,
      tenure: { months: 12, startDate: null },
      interestRate: 12.5,
      monthlyPayment: 890.83,
      totalInterest: 689.93,
    });
    expect((await alice.caller.loans.list({ page: 1, limit: 10 })).data.map((l) => l.id)).toEqual([
      loan.id,
    ]);
    for (const attempt of [
      () => mallory.caller.loans.byId({ id: loan.id }),
      () => mallory.caller.loans.update({ ...application, id: loan.id }),
      () => mallory.caller.loans.cancel({ id: loan.id }),
      () => mallory.caller.loans.repay({ id: loan.id, mode: 'instalment' }),
    ]) {
      // One at a time: a rejection not yet awaited would count as unhandled.
      expect(await rejectionOf(attempt())).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Loan not found',
      });
    }
    const updated = await alice.caller.loans.update({
      ...application,
      id: loan.id,
      amount: 12_000,
    });
    expect(updated).toMatchObject({
      message: 'Loan application updated successfully',
      loan: { amount: 12_000, status: 'pending' },
    });
    const cancelled = await alice.caller.loans.cancel({ id: loan.id });
    expect(cancelled).toMatchObject({
      message: 'Loan application cancelled successfully',
      loan: { status: 'cancelled' },
    });
    expect(await rejectionOf(alice.caller.loans.cancel({ id: loan.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only a pending application can be changed',
    });
  });

  it('refuses an amount or term outside the product, naming the range', async () => {
    const alice = await fundedCustomer(app, 0);
    const refused = await rejectionOf(
      alice.caller.loans.create({ ...application, type: 'business', amount: 5_000, term: 100 }),
    );
    expect(refused.details).toEqual([
      {
        field: 'amount',
        message: 'Amount must be between $10,000.00 and $500,000.00 for a business loan',
      },
      { field: 'term', message: 'Term must be between 12 and 84 months for a business loan' },
    ]);
  });
});

describe('decisions', () => {
  it('lets only administrators decide, and only pending applications', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const { loan } = await alice.caller.loans.create(application);
    expect(
      await rejectionOf(alice.caller.loans.decide({ id: loan.id, status: 'approved' })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await rejectionOf(alice.caller.loans.all({ page: 1, limit: 10 }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await rejectionOf(officer.caller.loans.decide({ id: loan.id, status: 'rejected' })),
    ).toMatchObject({ details: [{ field: 'reason', message: 'Rejection reason is required' }] });
    const rejected = await officer.caller.loans.decide({
      id: loan.id,
      status: 'rejected',
      reason: 'Income too low for this amount',
    });
    expect(rejected.loan).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Income too low for this amount',
    });
    expect(await alice.caller.loans.byId({ id: loan.id })).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Income too low for this amount',
      paymentSchedule: [],
    });
    expect(
      await rejectionOf(officer.caller.loans.decide({ id: loan.id, status: 'approved' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only a pending application can be approved or rejected',
    });
    const [audit] = await auditEntries(app.db, 'loan.status_changed', alice.id);
    expect(audit).toMatchObject({
      actorId: officer.id,
      details: { loanId: loan.id, from: 'pending', to: 'rejected' },
    });
  });

  it('disburses an approval through the ledger with its schedule, once, and tells the customer', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const second = await admin();
    const { loan } = await alice.caller.loans.create(application);
    const fundingBefore = await systemBalance('loans_funding');
    // Two officers approve at the same moment: one disbursement.
    const outcomes = await Promise.allSettled([
      officer.caller.loans.decide({ id: loan.id, status: 'approved' }),
      second.caller.loans.decide({ id: loan.id, status: 'approved' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const disbursements = await app.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.type, 'loan_disbursement'), eq(transactions.recipientUserId, alice.id)),
      );
    expect(disbursements).toHaveLength(1);
    expect(await alice.caller.transactions.balance()).toMatchObject({ balance: 10_000 });
    expect(fundingBefore - (await systemBalance('loans_funding'))).toBe(1_000_000n);
    const detail = await alice.caller.loans.byId({ id: loan.id });
    expect(detail).toMatchObject({
      status: 'approved',
      outstanding: 10_000,
      monthlyPayment: 890.83,
    });
    expect(detail.paymentSchedule).toHaveLength(12);
    expect(detail.nextPayment).toMatchObject({ paymentNumber: 1, amount: 890.83 });
    const history = await alice.caller.transactions.list({ page: 1, limit: 10 });
    expect(history.data[0]).toMatchObject({
      type: 'loan_disbursement',
      amount: 10_000,
      direction: 'credit',
    });
    const mail = await app.mailbox(alice.email);
    expect(mail[0]?.subject).toBe('Your personal loan is approved');
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });
});

describe('decisions name the version the officer saw', () => {
  const changedMessage = 'This application changed since you opened it. Review it again.';

  async function disbursementsTo(userId: string) {
    return app.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.type, 'loan_disbursement'), eq(transactions.recipientUserId, userId)),
      );
  }

  it('refuses an approval of an application edited since the officer saw it, paying nothing', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const { loan } = await alice.caller.loans.create({ ...application, amount: 1_000, term: 12 });
    const seen = (await officer.caller.loans.all({ page: 1, limit: 100 })).loans.find(
      (row) => row.id === loan.id,
    );
    expect(seen).toMatchObject({ amount: 1_000, term: 12, version: 1 });
    // The customer raises it while the officer looks at $1,000 over 12 months.
    const edited = await alice.caller.loans.update({
      ...application,
      id: loan.id,
      amount: 20_000,
      term: 60,
    });
    expect(edited.loan).toMatchObject({ amount: 20_000, version: 2 });
    const refused = await rejectionOf(
      officer.caller.loans.decide({ id: loan.id, status: 'approved', version: seen?.version }),
    );
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      reason: 'APPLICATION_CHANGED',
      message: changedMessage,
    });
    expect(await disbursementsTo(alice.id)).toHaveLength(0);
    expect(await alice.caller.transactions.balance()).toMatchObject({ balance: 0 });
    expect(await alice.caller.loans.byId({ id: loan.id })).toMatchObject({ status: 'pending' });
    // A rejection is held to the same rule.
    expect(
      await rejectionOf(
        officer.caller.loans.decide({
          id: loan.id,
          status: 'rejected',
          reason: 'Too much',
          version: 1,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPLICATION_CHANGED' });
    // Reviewed again, the current version is decided.
    const approved = await officer.caller.loans.decide({
      id: loan.id,
      status: 'approved',
      version: 2,
    });
    expect(approved.loan).toMatchObject({ status: 'approved', amount: 20_000 });
    expect(await disbursementsTo(alice.id)).toHaveLength(1);
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });

  it('never pays an edit that races the approval: the money is what the officer saw, or nothing', async () => {
    for (let round = 0; round < 3; round += 1) {
      const alice = await fundedCustomer(app, 0);
      const officer = await admin();
      const { loan } = await alice.caller.loans.create({ ...application, amount: 1_000 });
      const [edit, decision] = await Promise.allSettled([
        alice.caller.loans.update({ ...application, id: loan.id, amount: 50_000, term: 60 }),
        officer.caller.loans.decide({ id: loan.id, status: 'approved', version: 1 }),
      ]);
      const paid = await disbursementsTo(alice.id);
      if (decision.status === 'fulfilled') {
        expect(edit.status).toBe('rejected');
        expect(paid.map((row) => row.amountCents)).toEqual([100_000n]);
      } else {
        expect(edit.status).toBe('fulfilled');
        expect(paid).toHaveLength(0);
      }
    }
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });

  it('takes a decision without a version only while the application is as first submitted', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const untouched = (await alice.caller.loans.create(application)).loan;
    const edited = (await alice.caller.loans.create(application)).loan;
    await alice.caller.loans.update({ ...application, id: edited.id, amount: 20_000 });
    expect(
      await rejectionOf(officer.caller.loans.decide({ id: edited.id, status: 'approved' })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'APPLICATION_CHANGED', message: changedMessage });
    expect(await disbursementsTo(alice.id)).toHaveLength(0);
    const approved = await officer.caller.loans.decide({ id: untouched.id, status: 'approved' });
    expect(approved.loan).toMatchObject({ status: 'approved', amount: 10_000 });
  });

  it('tells every administrator’s screen live when a customer edits an application', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const { loan } = await alice.caller.loans.create(application);
    await alice.caller.loans.update({ ...application, id: loan.id, amount: 11_000 });
    const sent = await app.db.select().from(events).where(eq(events.userId, officer.id));
    expect(sent.map((row) => row.event)).toContainEqual({
      type: 'loan:updated',
      data: { loanId: loan.id, version: 2 },
    });
    // Customers are not told about other people's applications.
    const toAlice = await app.db.select().from(events).where(eq(events.userId, alice.id));
    expect(toAlice.map((row) => row.event)).not.toContainEqual(
      expect.objectContaining({ type: 'loan:updated' }),
    );
  });

  it('lets nobody decide on their own application', async () => {
    const officer = await admin();
    const { loan } = await officer.caller.loans.create(application);
    for (const status of ['approved', 'rejected'] as const) {
      expect(
        await rejectionOf(
          officer.caller.loans.decide({ id: loan.id, status, reason: 'Mine', version: 1 }),
        ),
      ).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'OWN_APPLICATION',
        message: 'You cannot decide on your own loan application. Another administrator must.',
      });
    }
    expect(await disbursementsTo(officer.id)).toHaveLength(0);
    const colleague = await admin();
    const approved = await colleague.caller.loans.decide({ id: loan.id, status: 'approved' });
    expect(approved.loan).toMatchObject({ status: 'approved' });
  });
});

describe('repayment', () => {
  async function approvedLoan(balance: number) {
    const alice = await fundedCustomer(app, balance);
    const officer = await admin();
    const { loan } = await alice.caller.loans.create(application);
    await officer.caller.loans.decide({ id: loan.id, status: 'approved' });
    return { alice, officer, loanId: loan.id };
  }

  it('pays the next instalment: principal to loans-funding, interest to the interest account', async () => {
    const { alice, loanId } = await approvedLoan(0);
    const interestBefore = await systemBalance('interest');
    const paid = await alice.caller.loans.repay({
      id: loanId,
      mode: 'instalment',
      idempotencyKey: 'repay-one-0001',
    });
    expect(paid).toMatchObject({
      message: 'Payment completed successfully',
      loanStatus: 'approved',
      outstanding: 9_213.34,
      newBalance: 9_109.17,
      transaction: { type: 'loan_repayment', amount: 890.83, direction: 'debit' },
    });
    expect((await systemBalance('interest')) - interestBefore).toBe(10_417n);
    // The same key replays; nothing moves twice.
    const again = await alice.caller.loans.repay({
      id: loanId,
      mode: 'instalment',
      idempotencyKey: 'repay-one-0001',
    });
    expect(again.transaction.id).toBe(paid.transaction.id);
    const detail = await alice.caller.loans.byId({ id: loanId });
    expect(
      detail.paymentSchedule.filter((row) => row.paid).map((row) => row.paymentNumber),
    ).toEqual([1]);
    expect(detail.nextPayment?.paymentNumber).toBe(2);
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });

  it('refuses an instalment the balance cannot cover, writing nothing', async () => {
    const { alice, loanId } = await approvedLoan(0);
    await alice.caller.transactions.transfer({
      recipientAccountNumber: '123456789',
      routingNumber: '021000021',
      amount: 9_500,
    });
    const refused = await rejectionOf(alice.caller.loans.repay({ id: loanId, mode: 'instalment' }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'Insufficient funds' });
    const unpaid = await app.db
      .select()
      .from(loanPayments)
      .where(and(eq(loanPayments.loanId, loanId), eq(loanPayments.paymentNumber, 1)));
    expect(unpaid[0]?.paidAt).toBeNull();
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });

  it('pays the loan off with interest to date and completes it', async () => {
    const { alice, loanId } = await approvedLoan(1_000);
    const quote = await alice.caller.loans.byId({ id: loanId });
    // Paid the day it was disbursed: no interest has accrued yet.
    expect(quote.payoffAmount).toBe(10_000);
    const paid = await alice.caller.loans.repay({ id: loanId, mode: 'payoff' });
    expect(paid).toMatchObject({
      message: 'Loan paid off successfully',
      loanStatus: 'completed',
      outstanding: 0,
      newBalance: 1_000,
    });
    const detail = await alice.caller.loans.byId({ id: loanId });
    expect(detail.status).toBe('completed');
    expect(detail.paymentSchedule.every((row) => row.paid)).toBe(true);
    expect(
      await rejectionOf(alice.caller.loans.repay({ id: loanId, mode: 'instalment' })),
    ).toMatchObject({
      message: 'This loan has nothing left to pay',
    });
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });

  it('pays one instalment once when two payments race', async () => {
    const { alice, loanId } = await approvedLoan(5_000);
    const outcomes = await Promise.allSettled([
      alice.caller.loans.repay({ id: loanId, mode: 'instalment', idempotencyKey: 'race-a-000001' }),
      alice.caller.loans.repay({ id: loanId, mode: 'instalment', idempotencyKey: 'race-b-000001' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const repayments = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.type, 'loan_repayment'), eq(transactions.senderUserId, alice.id)));
    expect(repayments).toHaveLength(1);
    expect(await ledgerInvariant(app.db)).toEqual(soundLedger);
  });
});

describe('arrears', () => {
  it('marks a loan overdue once an instalment is past due, and defaulted after 90 days', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await admin();
    const { loan } = await alice.caller.loans.create(application);
    await officer.caller.loans.decide({ id: loan.id, status: 'approved' });
    const [first] = await app.db
      .select()
      .from(loanPayments)
      .where(and(eq(loanPayments.loanId, loan.id), eq(loanPayments.paymentNumber, 1)));
    if (!first) throw new Error('no schedule');
    const dayAfter = new Date(`${first.dueDate}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    await markArrears(app.db, dayAfter);
    expect(await alice.caller.loans.byId({ id: loan.id })).toMatchObject({
      status: 'approved',
      overdue: true,
      overdueSince: first.dueDate,
    });
    const later = new Date(dayAfter);
    later.setUTCDate(later.getUTCDate() + 90);
    await markArrears(app.db, later);
    const [row] = await app.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(row?.status).toBe('defaulted');
    // No money moved by itself.
    expect(await alice.caller.transactions.balance()).toMatchObject({ balance: 10_000 });
  });
});

import { events, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { aliceAndBob, fundedCustomer, pay, testCard } from '../testing/money.ts';

const app = await createFileTestApp();

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** The case that showed no payer: Bob Rivera sends Alice Carter $42.10 'Pizza night'. */
async function pizzaNight() {
  const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
  const sent = await pay(bob, alice, 42.1, 'Pizza night');
  return { bob, alice, id: sent.transaction.id, sent };
}

describe('counterparty of an internal transfer', () => {
  it('names the sender to the recipient: From Bob Rivera and his masked account, never Alice herself', async () => {
    const { bob, alice, id } = await pizzaNight();
    const detail = await alice.caller.transactions.byId({ id });
    expect(detail).toMatchObject({
      direction: 'credit',
      description: 'Pizza night',
      counterparty: {
        name: 'Bob Rivera',
        accountNumber: lastFour(bob.accountNumber),
        bank: null,
        routingNumber: null,
      },
    });
    // Nothing of the detail names Alice as the other side, nor shows her own number.
    expect(JSON.stringify(detail.counterparty)).not.toContain('Alice');
    expect(detail.timeline.map((step) => step.description)).not.toContain('Delivered to Alice C.');
    expect(detail.timeline.map((step) => step.description)).toContain('Received from Bob Rivera');

    const page = await alice.caller.transactions.list({});
    expect(page.data[0]).toMatchObject({
      id,
      counterparty: { name: 'Bob Rivera', accountNumber: lastFour(bob.accountNumber) },
    });
  });

  it('names the recipient to the sender, masked as the payee check shows them', async () => {
    const { bob, alice, id, sent } = await pizzaNight();
    const expected = {
      name: 'Alice C.',
      accountNumber: lastFour(alice.accountNumber),
      bank: null,
      routingNumber: null,
    };
    expect(sent.transaction.counterparty).toEqual(expected);
    expect((await bob.caller.transactions.byId({ id })).counterparty).toEqual(expected);
    expect((await bob.caller.transactions.byId({ id })).timeline.map((s) => s.description)).toEqual(
      ['Transfer initiated', 'Delivered to Alice C.'],
    );
  });

  it('tells the recipient who paid: the live event carries the sender', async () => {
    const { alice, id } = await pizzaNight();
    // Logged once announced, a moment after the answer (decision 048).
    await app.deps.ledger.announced();
    const told = await app.db.select().from(events).where(eq(events.userId, alice.id));
    const event = told.map((row) => row.event).find((e) => JSON.stringify(e).includes(id));
    expect(event).toMatchObject({
      type: 'transaction:new',
      data: { direction: 'credit', amount: 42.1, counterparty: { name: 'Bob Rivera' } },
    });
  });

  it('keeps the name the sender had when the money moved', async () => {
    const { bob, alice, id } = await pizzaNight();
    await app.db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, bob.id));
    expect((await alice.caller.transactions.byId({ id })).counterparty.name).toBe('Bob Rivera');
  });
});

describe('counterparty of other movements', () => {
  it('names an outside account with the name given and its last four digits', async () => {
    const bob = await fundedCustomer(app, 100, 'Bob', 'Rivera');
    const sent = await bob.caller.transactions.transfer({
      recipientAccountNumber: '000987654321',
      routingNumber: '021000021',
      recipientName: 'Dana Lee',
      amount: 5,
    });
    expect(sent.transaction.counterparty).toEqual({
      name: 'Dana Lee',
      accountNumber: '4321',
      bank: null,
      routingNumber: '021000021',
    });
  });

  it('names a deposit’s card or bank, and a withdrawal’s bank', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    const card = await alice.caller.transactions.deposit({
      amount: 10,
      method: 'card',
      ...testCard,
    });
    expect(card.transaction.counterparty).toEqual({
      name: 'Card ending 1111',
      accountNumber: '1111',
      bank: null,
      routingNumber: null,
    });
    const bank = await alice.caller.transactions.deposit({
      amount: 10,
      method: 'bank',
      bankName: 'Citi',
      bankAccountNumber: '000123456789',
      bankRoutingNumber: '021000021',
    });
    expect(bank.transaction.counterparty).toEqual({
      name: 'Citi',
      accountNumber: '6789',
      bank: 'Citi',
      routingNumber: '021000021',
    });
    const out = await alice.caller.transactions.withdraw({
      amount: 5,
      method: 'bank',
      bankName: 'Citi',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      accountName: 'Alice Carter',
    });
    expect(out.transaction.counterparty).toEqual({
      name: 'Citi',
      accountNumber: '6789',
      bank: 'Citi',
      routingNumber: '021000021',
    });
    const cash = await alice.caller.transactions.withdraw({ amount: 1, method: 'cash_pickup' });
    expect(cash.transaction.counterparty).toEqual({
      name: 'Cash pickup',
      accountNumber: null,
      bank: null,
      routingNumber: null,
    });
  });

  it('names the loan of a disbursement and of a repayment', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    const officer = await fundedCustomer(app, 0, 'Officer');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, officer.id));
    const officerCaller = await app.caller(officer.token);
    const { loan } = await alice.caller.loans.create({
      type: 'personal',
      amount: 2_000,
      term: 12,
      purpose: 'Laptop',
      employmentStatus: 'employed',
      monthlyIncome: 5_000,
      existingLoans: false,
      collateral: { type: 'vehicle', value: 15_000, description: '2021 hatchback' },
    });
    await officerCaller.loans.decide({ id: loan.id, status: 'approved' });
    const paid = await alice.caller.loans.repay({ id: loan.id, mode: 'instalment' });
    expect(paid.transaction.counterparty).toEqual({
      name: 'Personal Loan',
      accountNumber: lastFour(loan.id),
      bank: null,
      routingNumber: null,
    });
    const page = await alice.caller.transactions.list({ type: 'loan_disbursement' });
    expect(page.data[0]?.counterparty).toEqual({
      name: 'Personal Loan',
      accountNumber: lastFour(loan.id),
      bank: null,
      routingNumber: null,
    });
  });
});

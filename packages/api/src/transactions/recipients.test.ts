import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { fundedCustomer, pay } from '../testing/money.ts';
import { settlePendingTransactions } from './settlement.ts';

const app = await createFileTestApp();

describe('recent recipients', () => {
  it('lists whom the caller paid, once each, newest first, at most five', async () => {
    const alice = await fundedCustomer(app, 1000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    expect(await alice.caller.transactions.recentRecipients()).toEqual([]);
    await pay(alice, bob, 1);
    await alice.caller.transactions.transfer({
      recipientAccountNumber: '987654321',
      routingNumber: '021000021',
      recipientName: 'Landlord LLC',
      amount: 2,
    });
    // The same number at another bank is another recipient.
    await alice.caller.transactions.transfer({
      recipientAccountNumber: '987654321',
      routingNumber: '011000015',
      recipientName: 'Landlord Savings',
      amount: 3,
    });
    await pay(alice, bob, 4);
    const recent = await alice.caller.transactions.recentRecipients();
    expect(recent).toEqual([
      {
        name: 'Bob C.',
        accountNumber: bob.accountNumber,
        routingNumber: null,
        bank: 'horizon',
        lastPaidAt: expect.any(String),
      },
      {
        name: 'Landlord Savings',
        accountNumber: '987654321',
        routingNumber: '011000015',
        bank: 'external',
        lastPaidAt: expect.any(String),
      },
      {
        name: 'Landlord LLC',
        accountNumber: '987654321',
        routingNumber: '021000021',
        bank: 'external',
        lastPaidAt: expect.any(String),
      },
    ]);
    for (let index = 0; index < 4; index += 1) {
      await alice.caller.transactions.transfer({
        recipientAccountNumber: `1234567${index}`,
        routingNumber: '021000021',
        amount: 1,
      });
    }
    const five = await alice.caller.transactions.recentRecipients();
    expect(five.map((recipient) => recipient.accountNumber)).toEqual([
      '12345673',
      '12345672',
      '12345671',
      '12345670',
      bob.accountNumber,
    ]);
  });

  it('never offers a transfer that failed', async () => {
    const alice = await fundedCustomer(app, 100, 'Alice');
    // The sandbox network knows no account ending 0000: the transfer fails and is returned.
    await alice.caller.transactions.transfer({
      recipientAccountNumber: '55550000',
      routingNumber: '021000021',
      amount: 5,
    });
    await settlePendingTransactions(app.deps, 0);
    expect(await alice.caller.transactions.recentRecipients()).toEqual([]);
  });

  it('answers only the caller’s own: not whom others paid, not who paid them', async () => {
    const alice = await fundedCustomer(app, 100, 'Alice');
    const bob = await fundedCustomer(app, 100, 'Bob');
    const carol = await fundedCustomer(app, 0, 'Carol');
    await pay(alice, carol, 1);
    await pay(alice, bob, 1);
    expect(await bob.caller.transactions.recentRecipients()).toEqual([]);
    expect(await carol.caller.transactions.recentRecipients()).toEqual([]);
    const anonymous = await app.caller(null);
    await expect(anonymous.transactions.recentRecipients()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { aliceAndBob, fundedCustomer, pay } from '../testing/money.ts';
import { settlePendingTransactions } from '../transactions/settlement.ts';
import { mailMoneyNotices } from './money-mail.ts';

const app = await createFileTestApp();

/** The money e-mails in a mailbox (not the welcome or sign-in ones), oldest first. */
async function moneyMail(email: string) {
  const mail = await app.mailbox(email);
  return mail
    .filter((m) => /^(Received|You have|Transfer of|Withdrawal of|Sent)/.test(m.subject))
    .reverse();
}

const preferences = (transactionNotifications: boolean) => ({
  transactionNotifications,
  securityAlerts: true,
  marketingCommunications: false,
});

describe('money e-mails, as the customer’s preferences say', () => {
  it('tells the payee who paid them, once, and not the payer who made the payment', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    const sent = await pay(bob, alice, 42.1, 'Pizza night');
    expect(await mailMoneyNotices(app.deps)).toBeGreaterThanOrEqual(1);

    const [received, ...others] = await moneyMail(alice.email);
    expect(others).toEqual([]);
    expect(received?.subject).toBe('Received $42.10 from Bob Rivera');
    expect(received?.text).toContain('Hello Alice,');
    expect(received?.text).toContain('Received $42.10 from Bob Rivera · Pizza night');
    expect(received?.links).toEqual([`http://bank.test/transactions/${sent.transaction.id}`]);
    expect(await moneyMail(bob.email)).toEqual([]);

    // Told once: the next round finds nothing of Alice's to send.
    await mailMoneyNotices(app.deps);
    expect(await moneyMail(alice.email)).toHaveLength(1);
  });

  it('is sent once when two instances run their rounds at the same moment', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    await pay(bob, alice, 12, 'Books');
    const sent = await Promise.all([mailMoneyNotices(app.deps), mailMoneyNotices(app.deps)]);
    expect(sent.reduce((total, n) => total + n, 0)).toBeGreaterThanOrEqual(1);
    expect((await moneyMail(alice.email)).map((m) => m.subject)).toEqual([
      'Received $12.00 from Bob Rivera',
    ]);
  });

  it('gathers what came in since the last round into one e-mail', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    const carol = await fundedCustomer(app, 100, 'Carol', 'Diaz');
    await pay(bob, alice, 10, 'Lunch');
    await pay(carol, alice, 25.5, 'Concert tickets');
    await mailMoneyNotices(app.deps);

    const [digest, ...others] = await moneyMail(alice.email);
    expect(others).toEqual([]);
    expect(digest?.subject).toBe('You have 2 new account alerts');
    expect(digest?.text).toContain('Received $10.00 from Bob Rivera · Lunch');
    expect(digest?.text).toContain('Received $25.50 from Carol Diaz · Concert tickets');
    expect(digest?.links).toEqual(['http://bank.test/notifications']);
  });

  it('sends nothing while transaction notifications are off, nor later when turned on', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    await alice.caller.auth.updateNotificationPreferences(preferences(false));
    await pay(bob, alice, 5, 'Coffee');
    await mailMoneyNotices(app.deps);
    expect(await moneyMail(alice.email)).toEqual([]);
    // The inbox keeps it all the same.
    expect((await alice.caller.notifications.list()).data[0]).toMatchObject({
      title: 'Received $5.00 from Bob Rivera',
      read: false,
    });

    await alice.caller.auth.updateNotificationPreferences(preferences(true));
    await mailMoneyNotices(app.deps);
    expect(await moneyMail(alice.email)).toEqual([]);
  });

  it('leaves out what the customer has already read in the app', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 100 });
    await pay(bob, alice, 7, 'Snacks');
    await alice.caller.notifications.markRead({ all: true });
    await mailMoneyNotices(app.deps);
    expect(await moneyMail(alice.email)).toEqual([]);
  });

  it('says when a transfer to another bank failed and the money came back', async () => {
    const alice = await fundedCustomer(app, 300, 'Alice', 'Carter');
    const sent = await alice.caller.transactions.transfer({
      recipientAccountNumber: '5550000',
      routingNumber: '021000021',
      amount: 75,
    });
    // Her own transfer out is no news to her: nothing is sent for it.
    await mailMoneyNotices(app.deps);
    expect(await moneyMail(alice.email)).toEqual([]);

    await settlePendingTransactions(app.deps, 0); // the receiving bank rejects ...0000
    await mailMoneyNotices(app.deps);
    const [failed, ...others] = await moneyMail(alice.email);
    expect(others).toEqual([]);
    expect(failed?.subject).toBe('Transfer of $75.00 failed');
    expect(failed?.text).toContain('The money is back in your account.');
    expect(failed?.links).toEqual([`http://bank.test/transactions/${sent.transaction.id}`]);
  });
});

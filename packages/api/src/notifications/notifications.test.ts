import { bankSettings, notifications, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultBankSettings } from '../settings/service.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';

const app = await createFileTestApp();

/** A customer whose inbox holds only their sign-in notice, read. */
async function customer(dollars: number, firstName: string) {
  const person = await fundedCustomer(app, dollars, firstName);
  await person.caller.notifications.markRead({ all: true });
  return person;
}

/** What the inbox holds besides sign-ins. */
async function inboxOf(person: { caller: Awaited<ReturnType<typeof fundedCustomer>>['caller'] }) {
  const inbox = await person.caller.notifications.list();
  return { ...inbox, data: inbox.data.filter((n) => n.title !== 'New sign-in to your account') };
}

const admin = () => staffMember(app, 'admin', 'Officer');

describe('the notification inbox', () => {
  it('keeps a sign-in as a security notice', async () => {
    const hana = await fundedCustomer(app, 0, 'Hana');
    expect((await hana.caller.notifications.list()).data).toEqual([
      expect.objectContaining({
        type: 'security',
        title: 'New sign-in to your account',
        message: '203.0.113.7 · vitest',
        read: false,
        link: '/profile',
      }),
    ]);
  });

  it('keeps money in for the receiver, unread, and money out for the sender, read', async () => {
    const alice = await customer(0, 'Alice');
    const bob = await customer(100, 'Bob');
    const sent = await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 42.1,
      description: 'Pizza night',
    });
    const inbox = await inboxOf(alice);
    expect(inbox.unread).toBe(1);
    expect(inbox.data).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        type: 'money_in',
        // What the toast said: who paid.
        title: 'Received $42.10 from Bob Customer',
        message: 'Pizza night',
        read: false,
        createdAt: expect.any(String),
        link: `/transactions/${sent.transaction.id}`,
      },
    ]);
    const bobs = await inboxOf(bob);
    // Bob's own deposit and transfer are kept, as read: nothing new to him.
    expect(bobs.unread).toBe(0);
    expect(bobs.data.map((n) => [n.type, n.title, n.read])).toEqual([
      ['money_out', 'Sent $42.10 to Alice C.', true],
      ['money_in', 'Received $100.00 from Card ending 1111', true],
    ]);
  });

  it('keeps nothing of a movement that was refused', async () => {
    const carol = await customer(0, 'Carol');
    const dan = await customer(0, 'Dan');
    await rejectionOf(
      carol.caller.transactions.transfer({ recipientAccountNumber: dan.accountNumber, amount: 5 }),
    );
    expect((await inboxOf(carol)).data).toEqual([]);
    expect((await inboxOf(dan)).data).toEqual([]);
  });

  it('keeps loan decisions, security alerts whatever the e-mail preference, and maintenance for everyone', async () => {
    const erin = await customer(0, 'Erin');
    const officer = await admin();
    const { loan } = await erin.caller.loans.create({
      type: 'personal',
      amount: 5_000,
      term: 12,
      purpose: 'A car',
      employmentStatus: 'employed',
      monthlyIncome: 5_000,
      existingLoans: false,
      collateral: { type: 'vehicle', value: 15_000, description: '2021 hatchback' },
    });
    await officer.caller.loans.decide({
      id: loan.id,
      status: 'rejected',
      reason: 'Income too low',
    });
    await erin.caller.auth.updateNotificationPreferences({
      transactionNotifications: true,
      securityAlerts: false,
      marketingCommunications: false,
    });
    const mailsBefore = (await app.mailbox(erin.email)).length;
    await erin.caller.auth.changePassword({
      currentPassword: erin.password,
      newPassword: 'An0ther!Passw0rd',
    });
    // No security e-mail (her choice, made after she signed in), but the inbox keeps it.
    expect((await app.mailbox(erin.email)).length).toBe(mailsBefore);
    await officer.caller.settings.update({
      bankName: defaultBankSettings.bankName,
      supportEmail: defaultBankSettings.supportEmail,
      supportPhone: defaultBankSettings.supportPhone,
      transferLimit: 50_000,
      withdrawalLimit: 25_000,
      maintenanceMode: true,
      interestRates: { savings: 2.5, loans: { personal: 12.5, business: 10, mortgage: 6.5 } },
    });
    await app.db.update(bankSettings).set({ maintenanceMode: false });
    app.deps.settings.forget();
    const inbox = await inboxOf(erin);
    expect(inbox.data.map((n) => [n.type, n.title, n.message, n.link])).toEqual([
      ['maintenance', 'Maintenance', expect.any(String), '/maintenance'],
      ['security', 'Your password was changed', 'Your other sessions were signed out.', '/profile'],
      ['loan', 'Your loan application was rejected', 'Income too low', `/loans/${loan.id}`],
    ]);
    // Every user got the maintenance notice.
    const maintenance = await app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'maintenance'));
    const everyone = await app.db.select({ id: users.id }).from(users);
    expect(new Set(maintenance.map((row) => row.userId))).toEqual(
      new Set(everyone.map((row) => row.id)),
    );
  });

  it('marks one or all read, the customer’s own only', async () => {
    const frank = await customer(0, 'Frank');
    const grace = await customer(50, 'Grace');
    for (const amount of [1, 2, 3]) {
      await grace.caller.transactions.transfer({
        recipientAccountNumber: frank.accountNumber,
        amount,
      });
    }
    const inbox = await frank.caller.notifications.list();
    expect(inbox.unread).toBe(3);
    const [newest] = inbox.data;
    // Someone else's id changes nothing of theirs.
    expect(await grace.caller.notifications.markRead({ ids: [newest?.id ?? ''] })).toEqual({
      marked: 0,
      unread: 0,
    });
    expect(await frank.caller.notifications.markRead({ ids: [newest?.id ?? ''] })).toEqual({
      marked: 1,
      unread: 2,
    });
    expect(await frank.caller.notifications.markRead({ all: true })).toEqual({
      marked: 2,
      unread: 0,
    });
    const page = await frank.caller.notifications.list({ limit: 2 });
    expect(page.data.map((n) => n.title)).toEqual([
      'Received $3.00 from Grace Customer',
      'Received $2.00 from Grace Customer',
    ]);
    const older = await frank.caller.notifications.list({ limit: 2, before: page.data[1]?.id });
    expect(older.data.map((n) => n.title)).toEqual([
      'Received $1.00 from Grace Customer',
      'New sign-in to your account',
    ]);
    expect((await rejectionOf(frank.caller.notifications.markRead({ ids: [] }))).details).toEqual([
      { field: 'ids', message: 'Name at least one notification' },
    ]);
    expect(await rejectionOf((await app.caller()).notifications.list())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

import { accounts, auditLog, cards, loans, sessions, transactions, users } from '@bank/db/schema';
import { noSuchHorizonAccount } from '@bank/validators/account-number';
import { transferInput } from '@bank/validators/money';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LedgerDesk } from '../ledger/desk.ts';
import { transferPosting } from '../ledger/kinds/transfer.ts';
import { writeLedger } from '../ledger/write.ts';
import { createFileTestApp, rejectionOf, testPassword } from '../testing/harness.ts';
import {
  balanceCents,
  fundedCustomer,
  ledgerInvariant,
  pay,
  saveCard,
  testCard,
} from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';

const app = await createFileTestApp();

const staff = (role: 'admin' | 'support', firstName?: string) => staffMember(app, role, firstName);

async function lastAudit(userId: string, event: string) {
  const [row] = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

describe('who may manage users', () => {
  it('refuses every user call to customers and support staff, and to nobody signed in', async () => {
    const customer = await fundedCustomer(app, 0);
    const agent = await staff('support');
    const anonymous = await app.caller(null);
    const id = customer.id;
    for (const who of [customer.caller, agent.caller]) {
      const calls = [
        () => who.admin.users({}),
        () => who.admin.user({ id }),
        () => who.admin.userStats(),
        () => who.admin.roles(),
        () =>
          who.admin.createUser({
            firstName: 'Eve',
            lastName: 'Intruder',
            email: 'eve@example.com',
            phoneNumber: '+15550000000',
          }),
        () => who.admin.updateUser({ id, role: 'admin' }),
        () => who.admin.deleteUser({ id }),
        () => who.admin.setUserBlocked({ id }),
        () => who.settings.get(),
        () =>
          who.settings.update({
            bankName: 'Mine',
            supportEmail: 'a@b.co',
            supportPhone: '1',
            transferLimit: 1,
            withdrawalLimit: 1,
            maintenanceMode: true,
            interestRates: { savings: 0, loans: { personal: 0, business: 0, mortgage: 0 } },
          }),
      ];
      for (const call of calls) expect((await rejectionOf(call())).code).toBe('FORBIDDEN');
    }
    expect((await rejectionOf(anonymous.admin.users({}))).code).toBe('UNAUTHORIZED');
    expect((await rejectionOf(anonymous.settings.get())).code).toBe('UNAUTHORIZED');
    // Still a customer, unblocked.
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'user', isBlocked: false });
  });
});

describe('the user directory', () => {
  it('searches by name, e-mail and account number, filters by role, status and dates, pages', async () => {
    const admin = await staff('admin');
    const marker = `Zq${Date.now().toString(36)}`;
    const alice = await fundedCustomer(app, 25, marker);
    const bob = await fundedCustomer(app, 0, marker);
    const carol = await app.registerUser({ firstName: marker }); // never verified
    await admin.caller.admin.setUserBlocked({ id: bob.id, blocked: true });

    const all = await admin.caller.admin.users({ searchQuery: marker, limit: 2 });
    expect(all).toMatchObject({ page: 1, count: 2, total: 3, hasMore: true });
    const second = await admin.caller.admin.users({ searchQuery: marker, limit: 2, page: 2 });
    expect(second).toMatchObject({ page: 2, count: 1, total: 3, hasMore: false });

    const byEmail = await admin.caller.admin.users({ searchQuery: alice.email.toUpperCase() });
    expect(byEmail.data.map((u) => u.id)).toEqual([alice.id]);
    expect(byEmail.data[0]).toMatchObject({
      accountNumber: alice.accountNumber,
      balance: 25,
      status: 'active',
      role: 'user',
    });
    expect(byEmail.data[0]).not.toHaveProperty('passwordHash');
    const byNumber = await admin.caller.admin.users({ searchQuery: alice.accountNumber });
    expect(byNumber.data.map((u) => u.id)).toEqual([alice.id]);

    const statuses = async (status: 'active' | 'blocked' | 'unverified') =>
      (await admin.caller.admin.users({ searchQuery: marker, status })).data.map((u) => u.email);
    expect(await statuses('active')).toEqual([alice.email]);
    expect(await statuses('blocked')).toEqual([bob.email]);
    expect(await statuses('unverified')).toEqual([carol]);

    const admins = await admin.caller.admin.users({ role: 'admin', limit: 100 });
    expect(admins.data.every((u) => u.role === 'admin')).toBe(true);
    expect(admins.data.map((u) => u.id)).toContain(admin.id);

    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.caller.admin.users({ searchQuery: marker, startDate: today })).total).toBe(
      3,
    );
    expect(
      (await admin.caller.admin.users({ searchQuery: marker, endDate: '2020-01-01' })).total,
    ).toBe(0);
  });

  it('shows one user whole: profile, accounts, recent transactions, sessions and audit events', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 40);
    const detail = await admin.caller.admin.user({ id: alice.id });
    expect(detail.user).toMatchObject({ id: alice.id, email: alice.email, status: 'active' });
    expect(detail.accounts).toEqual([
      expect.objectContaining({ accountNumber: alice.accountNumber, balance: 40 }),
    ]);
    expect(detail.balance).toBe(40);
    expect(detail.recentTransactions).toEqual([
      expect.objectContaining({ type: 'deposit', amount: 40 }),
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.auditEvents.map((e) => e.event)).toContain('auth.login.success');
    expect((await rejectionOf(admin.caller.admin.user({ id: crypto.randomUUID() }))).message).toBe(
      'User not found',
    );
  });

  it('counts users by status, role and month, and sign-in activity', async () => {
    const admin = await staff('admin');
    const before = await admin.caller.admin.userStats();
    const newcomer = await fundedCustomer(app, 0);
    await app.registerUser(); // unverified
    await admin.caller.admin.setUserBlocked({ id: newcomer.id, blocked: true });
    const after = await admin.caller.admin.userStats();
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.newUsersThisMonth - before.newUsersThisMonth).toBe(2);
    expect(after.blockedUsers - before.blockedUsers).toBe(1);
    expect(after.unverifiedUsers - before.unverifiedUsers).toBe(1);
    expect(after.activeUsers).toBe(before.activeUsers);
    expect(after.usersByRole.user - before.usersByRole.user).toBe(2);
    expect(after.activityStats.signInsLast24Hours - before.activityStats.signInsLast24Hours).toBe(
      1,
    );
    const [counted] = await app.db.select({ n: users.id }).from(users).limit(1);
    expect(counted).toBeDefined();
  });

  it('lists the roles with the permissions each holds, from the permissions module', async () => {
    const admin = await staff('admin');
    const { roles, permissions } = await admin.caller.admin.roles();
    expect(roles.map((r) => r.name)).toEqual(['user', 'admin', 'support']);
    expect(roles.find((r) => r.name === 'admin')?.permissions).toContain('admin:access');
    expect(roles.find((r) => r.name === 'user')?.permissions).not.toContain('admin:access');
    expect(permissions).toContain('read:ticket:any');
  });
});

describe('blocking', () => {
  it('toggles without a body, sets with one, ends the sessions and tells the user whom to contact', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 0);
    const blocked = await admin.caller.admin.setUserBlocked({ id: alice.id });
    expect(blocked).toMatchObject({
      message: 'User blocked successfully',
      user: { isBlocked: true },
    });
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, alice.id))).toEqual([]);
    expect(await app.deps.sessions.validate(alice.token)).toBeNull();
    const refused = await rejectionOf(app.signIn(alice.email, testPassword));
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Your account has been blocked. Please contact support at support@horizonbank.example or 1-800-555-0199.',
    });
    // Setting what already holds changes nothing.
    await admin.caller.admin.setUserBlocked({ id: alice.id, blocked: true });
    const unblocked = await admin.caller.admin.setUserBlocked({ id: alice.id });
    expect(unblocked).toMatchObject({
      message: 'User unblocked successfully',
      user: { isBlocked: false },
    });
    await app.signIn(alice.email);
    const entry = await lastAudit(alice.id, 'user.blocked');
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: { old: { isBlocked: false }, new: { isBlocked: true } },
    });
  });

  it('refuses to block oneself or the last active administrator', async () => {
    const admin = await staff('admin');
    expect(
      (await rejectionOf(admin.caller.admin.setUserBlocked({ id: admin.id, blocked: true })))
        .message,
    ).toBe('You cannot block your own account');
  });
});

describe('administrators protect themselves and the bank', () => {
  it('refuses to demote or delete oneself, and to leave the bank without an administrator', async () => {
    const first = await staff('admin', 'First');
    const second = await staff('admin', 'Second');
    // Only these two administrators exist while the test runs.
    const bystanders = (await app.db.select().from(users).where(eq(users.role, 'admin'))).filter(
      (u) => u.id !== first.id && u.id !== second.id,
    );
    for (const u of bystanders)
      await app.db.update(users).set({ role: 'user' }).where(eq(users.id, u.id));
    try {
      expect(
        (await rejectionOf(first.caller.admin.updateUser({ id: first.id, role: 'user' }))).message,
      ).toBe('You cannot change your own role');
      expect((await rejectionOf(first.caller.admin.deleteUser({ id: first.id }))).message).toBe(
        'You cannot delete your own account',
      );
      // Each demotes the other at the same moment: one wins, the other finds the last one.
      const results = await Promise.allSettled([
        first.caller.admin.updateUser({ id: second.id, role: 'support' }),
        second.caller.admin.updateUser({ id: first.id, role: 'support' }),
      ]);
      const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(refusals.map((e: Error) => e.message)).toEqual([
        'The bank must keep at least one active administrator',
      ]);
      const left = await app.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isBlocked, false)));
      expect(left).toHaveLength(1);
    } finally {
      for (const u of [...bystanders, first, second])
        await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, u.id));
    }
  });
});

describe('changing a user', () => {
  it('changes name, phone, role and withdrawal limit, audits old and new, and applies the limit', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 500);
    const answer = await admin.caller.admin.updateUser({
      id: alice.id,
      firstName: 'Alicia',
      phoneNumber: '+15557654321',
      withdrawalLimit: 100,
    });
    expect(answer).toMatchObject({
      message: 'User updated successfully',
      user: { firstName: 'Alicia', phoneNumber: '+15557654321', withdrawalLimit: 100 },
    });
    const entry = await lastAudit(alice.id, 'user.updated');
    expect(entry?.details).toEqual({
      old: { firstName: 'Test', phoneNumber: '+15551234567', withdrawalLimit: null },
      new: { firstName: 'Alicia', phoneNumber: '+15557654321', withdrawalLimit: 100 },
    });
    // A new request reads the user afresh: the next withdrawal meets the new limit.
    const nextRequest = await app.caller(alice.token);
    const over = await rejectionOf(
      nextRequest.transactions.withdraw({ amount: 100.01, method: 'cash_pickup' }),
    );
    expect(over.message).toBe('Daily withdrawal limit exceeded: the limit is $100.00 a day');
    const invalid = await rejectionOf(
      admin.caller.admin.updateUser({ id: alice.id, firstName: ' ', withdrawalLimit: -5 }),
    );
    expect(invalid.details).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'withdrawalLimit', message: 'Withdrawal limit must be positive' },
    ]);
  });

  it('a new role ends the user’s sessions, so the next sign-in carries it', async () => {
    const admin = await staff('admin');
    const agent = await fundedCustomer(app, 0);
    await admin.caller.admin.updateUser({ id: agent.id, role: 'support' });
    expect(await app.deps.sessions.validate(agent.token)).toBeNull();
    expect(await lastAudit(agent.id, 'user.updated')).toMatchObject({
      details: { old: { role: 'user' }, new: { role: 'support' } },
    });
  });
});

describe('creating a user', () => {
  it('opens the account and e-mails a link to choose a password, which also verifies the address', async () => {
    const admin = await staff('admin');
    const email = `new-${Date.now()}@example.com`;
    const created = await admin.caller.admin.createUser({
      firstName: 'Nora',
      lastName: 'Newcomer',
      email: email.toUpperCase(),
      phoneNumber: '+15550001111',
    });
    expect(created).toMatchObject({
      message: 'User created successfully',
      user: { email, role: 'user', status: 'unverified' },
    });
    const [mail] = await app.mailbox(email);
    expect(mail?.subject).toBe('Your Horizon Bank account is ready');
    const token = await app.tokenFromMail(email, '/set-password');
    await (await app.caller()).auth.resetPassword({ token, password: testPassword });
    const signedIn = await app.signIn(email);
    expect(signedIn.user).toMatchObject({ email, isEmailVerified: true });
    const again = await rejectionOf(
      admin.caller.admin.createUser({
        firstName: 'Nora',
        lastName: 'Again',
        email,
        phoneNumber: '+15550001111',
      }),
    );
    expect(again).toMatchObject({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
    });
    expect(await lastAudit(created.user.id, 'user.created')).toMatchObject({ actorId: admin.id });
  });
});

describe('deleting a user', () => {
  it('refuses while the user has money, a pending transaction or an open loan', async () => {
    const admin = await staff('admin');
    const rich = await fundedCustomer(app, 12.5);
    expect((await rejectionOf(admin.caller.admin.deleteUser({ id: rich.id }))).message).toBe(
      'This user cannot be deleted while their balance is $12.50: it must be $0.00 first',
    );

    const sender = await fundedCustomer(app, 30);
    await sender.caller.transactions.transfer({
      recipientAccountNumber: '777123456',
      routingNumber: '021000021',
      amount: 30,
    });
    expect((await rejectionOf(admin.caller.admin.deleteUser({ id: sender.id }))).message).toBe(
      'This user cannot be deleted while they have a pending transaction',
    );

    const borrower = await fundedCustomer(app, 0);
    await borrower.caller.loans.create({
      type: 'personal',
      amount: 1_000,
      term: 12,
      purpose: 'A small loan',
      employmentStatus: 'employed',
      monthlyIncome: 5_000,
      existingLoans: false,
      collateral: { type: 'other', value: 2_000, description: 'Savings bond' },
    });
    expect((await rejectionOf(admin.caller.admin.deleteUser({ id: borrower.id }))).message).toBe(
      'This user cannot be deleted while they have an open loan',
    );
    const [loan] = await app.db.select().from(loans).where(eq(loans.userId, borrower.id));
    expect(loan?.status).toBe('pending');
  });

  it('closes and anonymises the user; the ledger keeps its history and balances', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 20);
    const bob = await fundedCustomer(app, 0);
    await saveCard(alice, { type: 'debit', number: testCard.cardNumber, cvv: testCard.cvv });
    await pay(alice, bob, 20);
    const answer = await admin.caller.admin.deleteUser({ id: alice.id });
    expect(answer).toEqual({ message: 'User deleted successfully' });

    const [row] = await app.db.select().from(users).where(eq(users.id, alice.id));
    expect(row).toMatchObject({
      firstName: 'Closed',
      lastName: 'account',
      email: `closed-${alice.id}@closed.invalid`,
      phoneNumber: '',
      dateOfBirth: null,
      isBlocked: true,
    });
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, alice.id))).toEqual([]);
    expect(await app.db.select().from(cards).where(eq(cards.userId, alice.id))).toEqual([]);
    // The account and its transactions stay; the books still balance.
    expect(await app.db.select().from(accounts).where(eq(accounts.userId, alice.id))).toHaveLength(
      1,
    );
    expect(
      await app.db.select().from(transactions).where(eq(transactions.senderUserId, alice.id)),
    ).toHaveLength(1);
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
    // Gone from the directory and from sign-in; the e-mail may be used again.
    expect((await admin.caller.admin.users({ searchQuery: alice.email })).total).toBe(0);
    expect((await rejectionOf(admin.caller.admin.user({ id: alice.id }))).message).toBe(
      'User not found',
    );
    expect((await rejectionOf(app.signIn(alice.email))).code).toBe('UNAUTHORIZED');
    expect(await lastAudit(alice.id, 'user.deleted')).toMatchObject({
      actorId: admin.id,
      email: alice.email,
      details: { new: { closed: true } },
    });
    // Bob's history still names the sender.
    const history = await bob.caller.transactions.list({ page: 1, limit: 5 });
    expect(history.data[0]).toMatchObject({ amount: 20, direction: 'credit' });
  });

  it('turns away money sent to a closed account, even from a desk that knew the account', async () => {
    const admin = await staff('admin');
    const alice = await fundedCustomer(app, 50);
    const bob = await fundedCustomer(app, 0);
    // The desk learns Bob's account (and keeps it) from money that comes and goes back.
    await pay(alice, bob, 5);
    await pay(bob, alice, 5);
    await admin.caller.admin.deleteUser({ id: bob.id });

    const refused = await rejectionOf(
      alice.caller.transactions.transfer({ recipientAccountNumber: bob.accountNumber, amount: 10 }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: noSuchHorizonAccount });
    // Nor does a desk that reads the accounts afresh (another instance) send it.
    const other = new LedgerDesk(app.db, app.deps.settings);
    const sender = await app.deps.sessions.validate(alice.token);
    if (!sender) throw new Error('no session');
    const posting = transferPosting({
      user: sender.user,
      input: transferInput.parse({ recipientAccountNumber: bob.accountNumber, amount: 10 }),
      amountCents: 1000n,
    });
    expect((await rejectionOf(other.submit(posting))).message).toBe(noSuchHorizonAccount);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(0n);
    expect(await balanceCents(app.db, alice.accountNumber)).toBe(5000n);
    // A closure that lands between a desk's read and its write: the write finds it and moves
    // nothing; judged again, the transfer is turned away.
    const carol = await fundedCustomer(app, 0);
    let closedCarol = false;
    const racing = new LedgerDesk(app.db, app.deps.settings, {
      write: async (db, changes) => {
        if (!closedCarol) {
          closedCarol = true;
          await app.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, carol.id));
        }
        return writeLedger(db, changes);
      },
    });
    const toCarol = transferPosting({
      user: sender.user,
      input: transferInput.parse({ recipientAccountNumber: carol.accountNumber, amount: 10 }),
      amountCents: 1000n,
    });
    expect((await rejectionOf(racing.submit(toCarol))).message).toBe(noSuchHorizonAccount);
    expect(closedCarol).toBe(true);
    expect(await balanceCents(app.db, carol.accountNumber)).toBe(0n);
    // The confirmation of payee says the same before anything is sent.
    const payee = await alice.caller.transactions.lookupPayee({ accountNumber: bob.accountNumber });
    expect(payee).toMatchObject({ bank: 'horizon', holderName: null });
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });
});

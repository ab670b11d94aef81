import { auditLog, bankSettings, events } from '@bank/db/schema';
import { desc, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';
import { shippedSettings } from '../testing/settings.ts';
import { staffMember } from '../testing/staff.ts';
import { defaultBankSettings, SettingsCache } from './service.ts';

const app = await createFileTestApp();

const admin = () => staffMember(app, 'admin', 'Admin');

/** The newest 'settings.updated' entry of the audit log. */
async function lastSettingsUpdate() {
  const [entry] = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.event, 'settings.updated'))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

// Every test leaves the bank as it found it.
afterEach(async () => {
  await app.db.update(bankSettings).set(defaultBankSettings);
  app.deps.settings.forget();
});

describe('bank settings', () => {
  it('reads the settings as docs/product.md names them, and saves a change with its audit entry', async () => {
    const staff = await admin();
    expect(await staff.caller.settings.get()).toMatchObject(shippedSettings);
    const answer = await staff.caller.settings.update({
      ...shippedSettings,
      bankName: 'Horizon Bank & Trust',
      transferLimit: 1_000,
      interestRates: {
        ...shippedSettings.interestRates,
        loans: { ...shippedSettings.interestRates.loans, personal: 9.9 },
      },
    });
    expect(answer).toMatchObject({
      message: 'Settings updated successfully',
      settings: { bankName: 'Horizon Bank & Trust', transferLimit: 1_000 },
    });
    const entry = await lastSettingsUpdate();
    expect(entry).toMatchObject({
      actorId: staff.id,
      details: {
        old: { bankName: 'Horizon Bank', transferLimit: 50_000, personalLoanRate: 12.5 },
        new: { bankName: 'Horizon Bank & Trust', transferLimit: 1_000, personalLoanRate: 9.9 },
      },
    });
    // Anyone reads the bank's identity.
    const visitor = await app.caller(null);
    expect(await visitor.settings.public()).toEqual({
      bankName: 'Horizon Bank & Trust',
      supportEmail: 'support@horizonbank.example',
      supportPhone: '1-800-555-0199',
      maintenanceMode: false,
    });
  });

  it('holds the support quotas: defaults, a change audited, kept when not sent', async () => {
    const staff = await admin();
    const quotas = {
      attachmentMbPerDay: 50,
      attachmentMbTotal: 500,
      ticketsPerMinute: 5,
      ticketsPerDay: 20,
      chatMessagesPerMinute: 30,
    };
    expect((await staff.caller.settings.get()).supportQuotas).toEqual(quotas);
    const answer = await staff.caller.settings.update({
      ...shippedSettings,
      supportQuotas: { ...quotas, attachmentMbPerDay: 20, chatMessagesPerMinute: 10 },
    });
    expect(answer.settings.supportQuotas).toEqual({
      ...quotas,
      attachmentMbPerDay: 20,
      chatMessagesPerMinute: 10,
    });
    const entry = await lastSettingsUpdate();
    expect(entry?.details).toEqual({
      old: { attachmentMbPerDay: 50, chatMessagesPerMinute: 30 },
      new: { attachmentMbPerDay: 20, chatMessagesPerMinute: 10 },
    });
    // A client that does not know the quotas (docs/product.md's form) leaves them as they are.
    const kept = await staff.caller.settings.update({ ...shippedSettings, bankName: 'Horizon' });
    expect(kept.settings.supportQuotas).toMatchObject({ attachmentMbPerDay: 20 });
    const refused = await rejectionOf(
      staff.caller.settings.update({
        ...shippedSettings,
        supportQuotas: { ...quotas, ticketsPerMinute: 0, attachmentMbTotal: 1.5 },
      }),
    );
    expect(refused.details).toEqual([
      {
        field: 'supportQuotas.attachmentMbTotal',
        message: 'Attachment megabytes in all must be a whole number',
      },
      {
        field: 'supportQuotas.ticketsPerMinute',
        message: 'Tickets a minute must be 1 or more',
      },
    ]);
  });

  it('holds the address and the time zone statements use: audited, kept when not sent, a zone Intl knows', async () => {
    const staff = await admin();
    expect(await staff.caller.settings.get()).toMatchObject({
      bankAddress: '1 Horizon Plaza, New York, NY 10004',
      timeZone: 'America/New_York',
    });
    const answer = await staff.caller.settings.update({
      ...shippedSettings,
      bankAddress: '9 Harbour Street, Sydney NSW 2000',
      timeZone: 'Australia/Sydney',
    });
    expect(answer.settings).toMatchObject({
      bankAddress: '9 Harbour Street, Sydney NSW 2000',
      timeZone: 'Australia/Sydney',
    });
    const entry = await lastSettingsUpdate();
    expect(entry?.details).toEqual({
      old: { bankAddress: '1 Horizon Plaza, New York, NY 10004', timeZone: 'America/New_York' },
      new: { bankAddress: '9 Harbour Street, Sydney NSW 2000', timeZone: 'Australia/Sydney' },
    });
    const kept = await staff.caller.settings.update({ ...shippedSettings, bankName: 'Horizon' });
    expect(kept.settings.timeZone).toBe('Australia/Sydney');
    const refused = await rejectionOf(
      staff.caller.settings.update({ ...shippedSettings, timeZone: 'Mars/Olympus_Mons' }),
    );
    expect(refused.details).toEqual([
      {
        field: 'timeZone',
        message: 'Time zone must be an IANA time zone, such as America/New_York',
      },
    ]);
  });

  it('reaches another instance within a second', async () => {
    const staff = await admin();
    const start = Date.now();
    // The cache's clock is Date's: a second passes without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      // Another instance: its own cache over the same database.
      const elsewhere = new SettingsCache(app.db);
      expect((await elsewhere.get()).transferLimitCents).toBe(5_000_000n);
      await staff.caller.settings.update({ ...shippedSettings, transferLimit: 700 });
      vi.setSystemTime(start + 1100);
      expect((await elsewhere.get()).transferLimitCents).toBe(70_000n);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is read again in the background before it runs out, and never waited for in use', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const elsewhere = new SettingsCache(app.db);
      const first = elsewhere.get();
      expect((await first).transferLimitCents).toBe(5_000_000n);
      await app.db.update(bankSettings).set({ transferLimitCents: 80_000n });
      // In the last fifth of its second: the callers get what is cached, without waiting…
      vi.setSystemTime(start + 900);
      expect(elsewhere.get()).toBe(first);
      // …and the read begun then replaces it when it comes back, before the second is out.
      await vi.waitFor(async () => {
        expect((await elsewhere.get()).transferLimitCents).toBe(80_000n);
      });
      // A read begun before `forget` (a change made here) is not kept over what follows it.
      vi.setSystemTime(start + 1800);
      elsewhere.get();
      elsewhere.forget();
      await app.db.update(bankSettings).set({ transferLimitCents: 90_000n });
      expect((await elsewhere.get()).transferLimitCents).toBe(90_000n);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await elsewhere.get()).transferLimitCents).toBe(90_000n);
    } finally {
      vi.useRealTimers();
      await app.db
        .update(bankSettings)
        .set({ transferLimitCents: defaultBankSettings.transferLimitCents });
    }
  });

  it('answers docs/product.md 5’s messages for bad values', async () => {
    const staff = await admin();
    const refused = await rejectionOf(
      staff.caller.settings.update({
        ...shippedSettings,
        bankName: '  ',
        supportEmail: '',
        supportPhone: '',
        transferLimit: -1,
        withdrawalLimit: 0,
        interestRates: { savings: -0.1, loans: { personal: 1, business: 1, mortgage: -2 } },
      }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.details).toEqual([
      { field: 'bankName', message: 'Bank name is required' },
      { field: 'supportEmail', message: 'Support email is required' },
      { field: 'supportPhone', message: 'Support phone is required' },
      { field: 'transferLimit', message: 'Transfer limit must be positive' },
      { field: 'withdrawalLimit', message: 'Withdrawal limit must be positive' },
      { field: 'interestRates.savings', message: 'Interest rate cannot be negative' },
      { field: 'interestRates.loans.mortgage', message: 'Interest rate cannot be negative' },
    ]);
    const missing = await rejectionOf(
      // @ts-expect-error: a caller that leaves the limit out
      staff.caller.settings.update({ ...shippedSettings, transferLimit: undefined }),
    );
    expect(missing.details).toEqual([
      { field: 'transferLimit', message: 'Transfer limit is required' },
    ]);
    expect(
      (
        await rejectionOf(
          staff.caller.settings.update({ ...shippedSettings, supportEmail: 'nope' }),
        )
      ).details,
    ).toEqual([{ field: 'supportEmail', message: 'Invalid email' }]);
  });

  it('applies a lowered transfer limit to the next transfer, and new rates to the loan products', async () => {
    const staff = await admin();
    const alice = await fundedCustomer(app, 500);
    const bob = await fundedCustomer(app, 0);
    await staff.caller.settings.update({
      ...shippedSettings,
      transferLimit: 100,
      interestRates: {
        ...shippedSettings.interestRates,
        loans: { personal: 11, business: 9, mortgage: 5 },
      },
    });
    const refused = await rejectionOf(
      alice.caller.transactions.transfer({
        recipientAccountNumber: bob.accountNumber,
        amount: 150,
      }),
    );
    expect(refused.message).toBe('Daily transfer limit exceeded: the limit is $100.00 a day');
    const { interestRates } = await alice.caller.loans.types();
    expect(interestRates).toMatchObject({ personal: 11, business: 9, mortgage: 5 });
  });

  it('maintenance: customers get 503 everywhere, administrators carry on, everyone is told live', async () => {
    const staff = await admin();
    const alice = await fundedCustomer(app, 50);
    await staff.caller.settings.update({ ...shippedSettings, maintenanceMode: true });

    const maintenance = {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The bank is under maintenance. Please try again later.',
      reason: 'MAINTENANCE',
    };
    expect(await rejectionOf(alice.caller.transactions.balance())).toMatchObject(maintenance);
    expect(await rejectionOf(alice.caller.cards.list({}))).toMatchObject(maintenance);
    // Signing in and registering are shut too; who is signed in and the bank's profile are not.
    expect(await rejectionOf(app.signIn(alice.email))).toMatchObject(maintenance);
    expect(await rejectionOf(app.registerUser())).toMatchObject(maintenance);
    expect((await alice.caller.auth.me()).user?.email).toBe(alice.email);
    expect((await (await app.caller(null)).settings.public()).maintenanceMode).toBe(true);
    // Administrators keep working and can sign in.
    expect(await staff.caller.admin.users({})).toMatchObject({ page: 1 });
    await app.signIn(staff.email);

    const notices = await app.db
      .select()
      .from(events)
      .where(isNull(events.userId))
      .orderBy(desc(events.id))
      .limit(1);
    expect(notices[0]?.event).toEqual({
      type: 'system:maintenance',
      data: {
        active: true,
        message: 'The bank is under maintenance. Please try again later.',
        infoUrl: '/maintenance',
      },
    });

    await staff.caller.settings.update({ ...shippedSettings, maintenanceMode: false });
    expect(await alice.caller.transactions.balance()).toMatchObject({ balance: 50 });
    const [ended] = await app.db
      .select()
      .from(events)
      .where(isNull(events.userId))
      .orderBy(desc(events.id))
      .limit(1);
    expect(ended?.event).toMatchObject({ type: 'system:maintenance', data: { active: false } });
  });
});

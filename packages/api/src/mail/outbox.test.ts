import { bankSettings, emailOutbox } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultBankSettings } from '../settings/service.ts';
import { createFileTestApp, uniqueEmail } from '../testing/harness.ts';
import { deliverDueEmails, mailboxFor, outboxMailer, retryDelayMs } from './outbox.ts';
import { verificationEmail } from './templates.ts';

const app = await createFileTestApp();

describe('e-mail outbox', () => {
  it('queues nothing when the writing transaction rolls back', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      app.db.transaction(async (tx) => {
        await outboxMailer.enqueue(tx, verificationEmail(to, 'Rae', 'http://bank.test/x'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).toHaveLength(0);
  });

  it('signs every e-mail with the bank’s name and support contacts, as set today', async () => {
    const to = uniqueEmail('signed');
    await app.db
      .update(bankSettings)
      .set({ bankName: 'Horizon Bank & Trust', supportPhone: '1-800-555-0100' });
    try {
      await outboxMailer.enqueue(app.db, verificationEmail(to, 'Rae', 'http://bank.test/x'));
      const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
      expect(row?.text).toMatch(
        /\n--\nHorizon Bank & Trust · Support: support@horizonbank\.example · 1-800-555-0100$/,
      );
      expect(row?.html).toContain('Horizon Bank &amp; Trust · Support:');
    } finally {
      // Unsent, it would be the next test's first delivery.
      await app.db.delete(emailOutbox).where(eq(emailOutbox.to, to));
      await app.db.update(bankSettings).set({
        bankName: defaultBankSettings.bankName,
        supportPhone: defaultBankSettings.supportPhone,
      });
    }
  });

  it('retries a failed send with back-off and never drops it', async () => {
    const to = uniqueEmail('retry');
    await outboxMailer.enqueue(
      app.db,
      verificationEmail(to, 'Rae', 'http://bank.test/verify-email?token=t'),
    );
    let attempts = 0;
    const flaky = {
      async send() {
        attempts += 1;
        if (attempts === 1) throw new Error('SMTP 451 try again later');
      },
    };
    await deliverDueEmails(app.db, flaky);
    const [failed] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMTP 451 try again later',
    });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await mailboxFor(app.db, to)).toHaveLength(0);

    // Not due yet: nothing is sent again until the back-off has passed.
    await deliverDueEmails(app.db, flaky);
    expect(attempts).toBe(1);
    await app.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.to, to));
    await deliverDueEmails(app.db, flaky);
    const [sent] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await mailboxFor(app.db, to)).toHaveLength(1);
  });

  it('backs off from 5 seconds, doubling, to at most an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

import type { Database, Executor } from '@bank/db';
import { emailOutbox } from '@bank/db/schema';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { getBankSettings } from '../settings/service.ts';
import { type EmailMessage, withBankSignature } from './templates.ts';

/** Queues mail inside the caller's transaction: sent only if that transaction commits. */
export interface Mailer {
  enqueue(db: Executor, message: EmailMessage): Promise<void>;
}

export const outboxMailer: Mailer = {
  async enqueue(db, unsigned) {
    const message = withBankSignature(unsigned, await getBankSettings(db));
    await db.insert(emailOutbox).values({
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html,
      links: message.links,
    });
  },
};

export interface MailTransport {
  send(message: EmailMessage): Promise<void>;
}

/** Back-off between attempts: 5 s, 10 s, 20 s … at most an hour; a send is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what is due, each row locked (SKIP LOCKED) so that several instances share the work.
 * Returns how many were sent.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  batchSize = 20,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const row of due) {
      try {
        await transport.send(row);
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
    return sent;
  });
}

/** The development mailbox: what was delivered to an address, newest first. */
export async function mailboxFor(db: Executor, to: string) {
  return db
    .select({
      id: emailOutbox.id,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      links: emailOutbox.links,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.status, 'sent')))
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(50);
}

import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { EmailMessage } from './templates.ts';

/**
 * Whom to e-mail about a movement of the customer's money (a loan decision, a reversal): `to` and
 * `firstName` for the message, or null when they turned transaction e-mails off. Read in the
 * caller's transaction, so a preference changed meanwhile is the one that counts.
 */
async function moneyMailRecipient(
  tx: Executor,
  userId: string,
): Promise<{ to: string; firstName: string } | null> {
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName, notify: users.notifyTransactions })
    .from(users)
    .where(eq(users.id, userId));
  return customer?.notify ? { to: customer.email, firstName: customer.firstName } : null;
}

/** Queues the e-mail `compose` writes to the customer, in `tx`, if they want money e-mails. */
export async function mailAboutMoney(
  deps: Pick<AppDeps, 'mailer'>,
  tx: Executor,
  userId: string,
  compose: (recipient: { to: string; firstName: string }) => EmailMessage,
): Promise<void> {
  const recipient = await moneyMailRecipient(tx, userId);
  if (recipient) await deps.mailer.enqueue(tx, compose(recipient));
}

import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Whom to e-mail about a movement of the customer's money (a loan decision, a reversal): `to` and
 * `firstName` for the message, or null when they turned transaction e-mails off. Read in the
 * caller's transaction, so a preference changed meanwhile is the one that counts.
 */
export async function moneyMailRecipient(
  tx: Executor,
  userId: string,
): Promise<{ to: string; firstName: string } | null> {
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName, notify: users.notifyTransactions })
    .from(users)
    .where(eq(users.id, userId));
  return customer?.notify ? { to: customer.email, firstName: customer.firstName } : null;
}

import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { openCheckingAccount } from '../accounts/service.ts';
import type { UserRow } from './dto.ts';
import { issueUserToken } from './tokens.ts';

export interface NewAccountValues {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
}

/**
 * A new customer's rows: the user, their checking account and an e-mail verification token.
 * Registration runs it for a known address too, inside a savepoint it rolls back, so both
 * answers cost the same writes (docs/decisions/006).
 */
export async function writeNewAccount(
  tx: Executor,
  values: NewAccountValues,
): Promise<{ user: UserRow; verificationToken: string }> {
  const [user] = await tx.insert(users).values(values).returning();
  if (!user) throw new Error('User insert returned nothing');
  await openCheckingAccount(tx, user.id);
  const verificationToken = await issueUserToken(tx, user.id, 'email_verification');
  return { user, verificationToken };
}

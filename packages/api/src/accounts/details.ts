import type { Executor } from '@bank/db';
import { accounts, users } from '@bank/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { toDollars } from '../money/cents.ts';
import { restrictionsForCustomer } from '../restrictions/views.ts';
import type { BankSettings } from '../settings/service.ts';

/**
 * What a customer gives a payer for direct deposit or a transfer from another bank: the account
 * number, the bank's routing number, the holder's name and the bank's name (GET /accounts).
 */
export const accountDetailsSchema = z
  .object({
    accountNumber: z.string(),
    routingNumber: z.string().meta({ description: 'The bank’s ABA routing number.' }),
    holderName: z.string().meta({ description: 'The account holder’s full name.' }),
    bankName: z.string(),
    type: z.enum(['checking', 'savings']),
    balance: z.number(),
    available: z.number().meta({
      description: 'What can be spent now: the balance less what is held on the account.',
    }),
  })
  .meta({ id: 'AccountDetails' });
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** Every account of the customer, oldest (their primary checking account) first. */
export async function listAccountDetails(
  db: Executor,
  settings: Pick<BankSettings, 'routingNumber' | 'bankName'>,
  userId: string,
): Promise<{ data: AccountDetails[] }> {
  const rows = await db
    .select({
      accountNumber: accounts.accountNumber,
      type: accounts.type,
      balanceCents: accounts.balanceCents,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'customer')))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  // What is available is the ledger's own measure: the balance less the holds in force.
  const available = new Map(
    (await restrictionsForCustomer(db, userId)).map((account) => [
      account.accountNumber,
      account.available,
    ]),
  );
  return {
    data: rows.map((row) => ({
      accountNumber: row.accountNumber,
      routingNumber: settings.routingNumber,
      holderName: `${row.firstName} ${row.lastName}`.trim(),
      bankName: settings.bankName,
      type: row.type,
      balance: toDollars(row.balanceCents),
      available: available.get(row.accountNumber) ?? toDollars(row.balanceCents),
    })),
  };
}

import type { Executor } from '@bank/db';
import { isHorizonAccountNumber } from '@bank/validators/account-number';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { primaryAccountIdOf } from '../ledger/primary-account.ts';

/** How many recent recipients the transfer screen offers. */
export const RECENT_RECIPIENTS = 5;
/** How far back they are looked for: the customer's last transfers, not their whole history. */
const TRANSFERS_LOOKED_AT = 200;

export const recentRecipientSchema = z.object({
  /** As the sender's record keeps it: our customers masked ("Bob S."), others as typed. */
  name: z.string().nullable(),
  accountNumber: z.string(),
  /** Another bank's routing number; null for an account of this bank. */
  routingNumber: z.string().nullable(),
  bank: z.enum(['horizon', 'external']),
  lastPaidAt: z.string(),
});
export type RecentRecipient = z.infer<typeof recentRecipientSchema>;

const row = z.object({
  name: z.string().nullable(),
  accountNumber: z.string(),
  routingNumber: z.string().nullable(),
  lastPaidAt: z.union([z.string(), z.date()]),
});

/**
 * The customer's recent distinct recipients, newest first: whom their own transfers (pending
 * or completed, never failed) went to. One per account number and routing number.
 */
export async function recentRecipients(db: Executor, userId: string): Promise<RecentRecipient[]> {
  const rows = await queryRows(
    db,
    sql`select name, "accountNumber", "routingNumber", "lastPaidAt" from (
      select distinct on (t.recipient_account_number, coalesce(t.counterparty->>'routingNumber', ''))
        t.recipient_name as name,
        t.recipient_account_number as "accountNumber",
        t.counterparty->>'routingNumber' as "routingNumber",
        t.created_at as "lastPaidAt",
        t.id
      from (
        select recipient_name, recipient_account_number, counterparty, created_at, id
        from transactions
        where from_account_id = ${primaryAccountIdOf(sql`${userId}::uuid`)}
          and type = 'transfer'
          and status in ('pending', 'completed')
          and sender_user_id = ${userId}::uuid
          and recipient_account_number is not null
        order by created_at desc, id desc
        limit ${TRANSFERS_LOOKED_AT}
      ) t
      order by t.recipient_account_number, coalesce(t.counterparty->>'routingNumber', ''),
        t.created_at desc, t.id desc
    ) r
    order by "lastPaidAt" desc, id desc
    limit ${RECENT_RECIPIENTS}`,
    row,
  );
  return rows.map((recipient) => ({
    name: recipient.name,
    accountNumber: recipient.accountNumber,
    routingNumber: recipient.routingNumber,
    bank: isHorizonAccountNumber(recipient.accountNumber) ? 'horizon' : 'external',
    lastPaidAt: new Date(recipient.lastPaidAt).toISOString(),
  }));
}

import type { Executor } from '@bank/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountRow } from '../accounts/service.ts';
import { queryRows } from '../db-rows.ts';

const partyRow = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  kind: z.enum(['customer', 'system']),
  system_code: z.string().nullable(),
  account_number: z.string(),
  type: z.enum(['checking', 'savings']),
  currency: z.string(),
  balance_cents: z.string(),
  transaction_count: z.number(),
  created_at: z.coerce.date(),
  outflow_day: z.string().nullable(),
  transferred: z.string(),
  withdrawn: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  notify: z.boolean().nullable(),
});

export type TransferParties = Awaited<ReturnType<typeof readTransferParties>>;
export type Party = TransferParties['all'][number];

/**
 * Reads, in one statement (one snapshot), the senders' accounts, the accounts the numbers
 * name (with their owners' names), and the clearing account when some number is not a
 * customer's here: every account a batch of transfers judges or moves. No lock is taken: the
 * write checks that the accounts it relies on are still as read (docs/decisions/012).
 */
export async function readTransferParties(
  db: Executor,
  userIds: string[],
  accountNumbers: string[],
) {
  const rows = await queryRows(
    db,
    sql`select a.id, a.user_id, a.kind, a.system_code, a.account_number, a.type, a.currency,
        a.balance_cents::text as balance_cents, a.transaction_count, a.created_at,
        a.outflow_day::text as outflow_day, a.transferred_on_day_cents::text as transferred,
        a.withdrawn_on_day_cents::text as withdrawn,
        u.first_name, u.last_name, u.notify_transactions as notify
      from accounts a left join users u on u.id = a.user_id
      -- Arrays (= any) keep every look-up on its index whatever the statistics say.
      where a.id = any(array(
        select id from accounts where user_id = any(${uuidArray(userIds)}) and kind = 'customer'
        union all
        select id from accounts where account_number = any(${textArray(accountNumbers)})
        union all
        select id from accounts where system_code = 'external_clearing'
          and exists (select 1 from unnest(${textArray(accountNumbers)}) w(number) where not exists (
            select 1 from accounts c where c.account_number = w.number and c.kind = 'customer'))
      ))`,
    partyRow,
  );
  const all = rows.map((row) => ({
    account: {
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      systemCode: row.system_code,
      accountNumber: row.account_number,
      type: row.type,
      currency: row.currency,
      balanceCents: BigInt(row.balance_cents),
      transactionCount: row.transaction_count,
      createdAt: row.created_at,
      outflowDay: row.outflow_day,
      transferredOnDayCents: BigInt(row.transferred),
      withdrawnOnDayCents: BigInt(row.withdrawn),
    } satisfies AccountRow,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    notify: row.notify ?? true,
  }));
  // A customer's first account is the one money leaves from.
  const senderByUser = new Map<string, AccountRow>();
  for (const party of [...all].sort(
    (a, b) => a.account.createdAt.getTime() - b.account.createdAt.getTime(),
  )) {
    const { userId, kind } = party.account;
    if (userId && kind === 'customer' && !senderByUser.has(userId))
      senderByUser.set(userId, party.account);
  }
  const byNumber = new Map(all.map((party) => [party.account.accountNumber, party]));
  return {
    all,
    senderOf: (userId: string) => senderByUser.get(userId),
    byNumber: (accountNumber: string) => byNumber.get(accountNumber),
    clearing: all.find((party) => party.account.systemCode === 'external_clearing')?.account,
  };
}

/** A list as one array parameter (drizzle would spread a JavaScript array into a row). */
function textArray(values: string[]) {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb))`;
}

function uuidArray(values: string[]) {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify([...new Set(values)])}::jsonb)::uuid)`;
}

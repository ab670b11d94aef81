import type { Executor } from '@bank/db';
import type { transferInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps } from '../context.ts';
import { queryRows } from '../db-rows.ts';
import { toCents } from '../money/cents.ts';
import { cachedBankSettings } from '../settings/service.ts';
import { type MovementResult, movementResultSchema } from './dto.ts';
import { runIdempotent } from './idempotency.ts';
import { recordMovement, timelineEntry } from './ledger.ts';

import { startOfUtcDay } from './limits.ts';
import { announce, last4, refuse, result } from './movement-result.ts';

export async function transfer(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof transferInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  const { transferLimitCents } = await cachedBankSettings(deps.db);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'transfer',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      const { sender, target, clearing } = await lockTransferParties(
        tx,
        user.id,
        input.recipientAccountNumber,
      );
      if (target?.account.id === sender.id)
        throw refuse('You cannot transfer money to your own account');
      if (target?.account.kind === 'system') throw refuse('This account cannot receive transfers');
      const recipient = target?.account.kind === 'customer' ? target : undefined;
      const from = sender;
      const to = recipient?.account ?? clearing;
      if (!to) throw new Error('System account external_clearing is missing');
      if (from.balanceCents < amountCents) throw refuse('Insufficient funds');

      const recipientName = recipient
        ? `${recipient.firstName} ${recipient.lastName}`
        : input.recipientName?.trim() || 'External account';
      const now = new Date();
      const written = await recordMovement(tx, {
        dailyLimit: { limitCents: transferLimitCents, since: startOfUtcDay() },
        type: 'transfer',
        status: recipient ? 'completed' : 'pending',
        amountCents,
        description: input.description?.trim() || `Transfer to ${recipientName}`,
        category: recipient ? 'transfer' : 'external_transfer',
        paymentMethod: recipient ? 'internal_transfer' : 'bank_transfer',
        from,
        to,
        senderUserId: user.id,
        recipientUserId: recipient?.account.userId ?? null,
        recipientName,
        recipientAccountNumber: input.recipientAccountNumber,
        counterparty: recipient
          ? null
          : { accountLast4: last4(input.recipientAccountNumber), network: 'ACH' },
        timeline: recipient
          ? [
              timelineEntry('completed', 'Transfer initiated', now),
              timelineEntry('completed', `Delivered to ${recipientName}`, now),
            ]
          : [
              timelineEntry('completed', 'Transfer initiated', now),
              timelineEntry('pending', 'Sent to the external bank for clearing', now),
            ],
      });
      if (!written) throw refuse('Daily transfer limit exceeded');
      const { transaction, fromBalance, toBalance } = written;
      announce(events, transaction, [
        {
          userId: user.id,
          accountId: from.id,
          balance: fromBalance,
          notify: user.notifyTransactions,
        },
        ...(recipient
          ? [
              {
                userId: recipient.account.userId,
                accountId: to.id,
                balance: toBalance,
                notify: recipient.notify ?? true,
              },
            ]
          : []),
      ]);
      return result('Transfer completed successfully', transaction, from.id, fromBalance, user);
    },
  );
}

const lockedPartyRow = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  kind: z.enum(['customer', 'system']),
  system_code: z.string().nullable(),
  account_number: z.string(),
  type: z.enum(['checking', 'savings']),
  currency: z.string(),
  balance_cents: z.string(),
  created_at: z.coerce.date(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  notify: z.boolean().nullable(),
});

/**
 * Finds and locks, in one statement and in id order, the sender's account and the account the
 * number names (with its owner's name), or the clearing account when the number is not a
 * customer's here: exactly the rows the transfer moves, locked as every movement locks them.
 */
async function lockTransferParties(db: Executor, userId: string, accountNumber: string) {
  const rows = await queryRows(
    db,
    sql`select a.id, a.user_id, a.kind, a.system_code, a.account_number, a.type, a.currency,
        a.balance_cents::text as balance_cents, a.created_at, u.first_name, u.last_name,
        u.notify_transactions as notify
      from accounts a left join users u on u.id = a.user_id
      -- The ids are fixed before locking (an init plan), so the re-check after waiting for a
      -- lock sees the same set; a semi-join there could drop a row a concurrent transfer updated.
      where a.id = any(array(
        select id from accounts where user_id = ${userId}::uuid and kind = 'customer'
        union all
        select id from accounts where account_number = ${accountNumber}
        union all
        select id from accounts where system_code = 'external_clearing'
          and not exists (select 1 from accounts where account_number = ${accountNumber} and kind = 'customer')
      ))
      order by a.id
      for update of a`,
    lockedPartyRow,
  );
  const parties = rows.map((row) => ({
    account: {
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      systemCode: row.system_code,
      accountNumber: row.account_number,
      type: row.type,
      currency: row.currency,
      balanceCents: BigInt(row.balance_cents),
      createdAt: row.created_at,
    },
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    notify: row.notify ?? true,
  }));
  const sender = parties
    .filter((party) => party.account.userId === userId && party.account.kind === 'customer')
    .sort((a, b) => a.account.createdAt.getTime() - b.account.createdAt.getTime())[0]?.account;
  if (!sender) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return {
    sender,
    clearing: parties.find((party) => party.account.systemCode === 'external_clearing')?.account,
    target: parties.find((party) => party.account.accountNumber === accountNumber),
  };
}

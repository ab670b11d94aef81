import { randomInt } from 'node:crypto';
import { open } from '@bank/auth/cipher';
import { cards, linkedBanks } from '@bank/db/schema';
import type { withdrawInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customerAccountOf, lockAccountsInOrder, systemAccount } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { assertCardNotExpired } from '../cards/service.ts';
import type { AppDeps } from '../context.ts';
import { toCents } from '../money/cents.ts';
import { type MovementResult, movementResultSchema } from './dto.ts';
import { runIdempotent } from './idempotency.ts';
import { recordMovement, timelineEntry } from './ledger.ts';

import { startOfUtcDay, withdrawalLimitOf } from './limits.ts';
import { announce, last4, refuse, result } from './movement-result.ts';

export async function withdraw(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof withdrawInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'withdraw',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      let counterparty: Record<string, string>;
      let paymentMethod: string;
      let destination: string;
      if (input.method === 'bank') {
        let bankName = input.bankName ?? '';
        let accountNumber = input.accountNumber ?? '';
        let accountName = input.accountName ?? '';
        if (input.bankId) {
          const [bank] = await tx
            .select()
            .from(linkedBanks)
            .where(and(eq(linkedBanks.id, input.bankId), eq(linkedBanks.userId, user.id)));
          if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
          bankName = bank.name;
          accountNumber = open(deps.encryptionKey, bank.accountNumberSealed).toString('utf8');
          accountName = bank.accountName ?? `${user.firstName} ${user.lastName}`;
        }
        paymentMethod = 'bank_transfer';
        counterparty = { bankName, accountLast4: last4(accountNumber), accountName };
        destination = `${bankName} account ending ${last4(accountNumber)}`;
      } else if (input.method === 'card') {
        const [card] = await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, input.cardId ?? ''), eq(cards.userId, user.id)));
        if (!card) throw new TRPCError({ code: 'NOT_FOUND', message: 'Card not found' });
        if (card.type !== 'debit') throw refuse('Withdrawals to a card need a debit card');
        assertCardNotExpired(card.expiryMonth, card.expiryYear);
        paymentMethod = 'debit_card';
        counterparty = { cardLast4: card.last4 };
        destination = `debit card ending ${card.last4}`;
      } else {
        paymentMethod = 'cash_pickup';
        counterparty = { pickupCode: String(randomInt(10_000_000, 100_000_000)) };
        destination = `cash pickup (code ${counterparty.pickupCode})`;
      }
      const account = await customerAccountOf(tx, user.id);
      const clearing = await systemAccount(tx, 'external_clearing');
      const locked = await lockAccountsInOrder(tx, [account.id, clearing.id]);
      const from = locked.get(account.id);
      const to = locked.get(clearing.id);
      if (!from || !to) throw new Error('Locked accounts missing');
      if (from.balanceCents < amountCents) throw refuse('Insufficient funds');
      const now = new Date();
      const written = await recordMovement(tx, {
        dailyLimit: { limitCents: await withdrawalLimitOf(deps.db, user), since: startOfUtcDay() },
        type: 'withdraw',
        status: 'pending',
        amountCents,
        description: input.description?.trim() || `Withdrawal to ${destination}`,
        category: 'withdrawal',
        paymentMethod,
        notes: input.method === 'cash_pickup' ? `Pickup code ${counterparty.pickupCode}` : null,
        from,
        to,
        senderUserId: user.id,
        recipientUserId: null,
        recipientName: counterparty.accountName ?? null,
        counterparty,
        timeline: [
          timelineEntry('completed', 'Withdrawal requested', now),
          timelineEntry('pending', `Paying out to ${destination}`, now),
        ],
      });
      if (!written) throw refuse('Daily withdrawal limit exceeded');
      const { transaction, fromBalance } = written;
      announce(events, transaction, [
        {
          userId: user.id,
          accountId: from.id,
          balance: fromBalance,
          notify: user.notifyTransactions,
        },
      ]);
      return result(
        'Withdrawal request submitted successfully',
        transaction,
        from.id,
        fromBalance,
        user,
      );
    },
  );
}

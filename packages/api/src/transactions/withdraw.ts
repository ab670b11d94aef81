import { randomInt } from 'node:crypto';
import type { withdrawInput } from '@bank/validators/money';
import type { z } from 'zod';
import { lockWithClearing } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { ownBankDetails } from '../banks/service.ts';
import { assertCardNotExpired, ownCard } from '../cards/service.ts';
import type { AppDeps } from '../context.ts';
import { toCents } from '../money/cents.ts';
import { type MovementResult, movementResultSchema } from './dto.ts';
import { runIdempotent } from './idempotency.ts';
import { recordMovement, timelineEntry } from './ledger.ts';

import { withdrawalLimitOf } from './limits.ts';
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
          const bank = await ownBankDetails(tx, deps.encryptionKey, user.id, input.bankId);
          bankName = bank.name;
          accountNumber = bank.accountNumber;
          accountName = bank.accountName ?? `${user.firstName} ${user.lastName}`;
        }
        paymentMethod = 'bank_transfer';
        counterparty = { bankName, accountLast4: last4(accountNumber), accountName };
        destination = `${bankName} account ending ${last4(accountNumber)}`;
      } else if (input.method === 'card') {
        const card = await ownCard(tx, user.id, input.cardId ?? '');
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
      const { customer: from, clearing: to } = await lockWithClearing(tx, user.id);
      if (from.balanceCents < amountCents) throw refuse('Insufficient funds');
      const now = new Date();
      const written = await recordMovement(tx, {
        dailyLimit: { limitCents: await withdrawalLimitOf(deps.db, user) },
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

import type { depositInput } from '@bank/validators/money';
import type { z } from 'zod';
import { lockWithClearing } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { ownBankDetails } from '../banks/service.ts';
import { assertCardNotExpired, ownCard, verifyCardCvv } from '../cards/service.ts';
import type { AppDeps } from '../context.ts';
import { toCents } from '../money/cents.ts';
import { type MovementResult, movementResultSchema } from './dto.ts';
import { runIdempotent } from './idempotency.ts';
import { recordMovement, timelineEntry } from './ledger.ts';

import { announce, last4, refuse, result } from './movement-result.ts';

export async function deposit(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof depositInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'deposit',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      let paymentMethod: string;
      let counterparty: Record<string, string>;
      if (input.method === 'card') {
        if (input.cardId) {
          const card = await ownCard(tx, user.id, input.cardId);
          if (!verifyCardCvv(deps.encryptionKey, card, input.cvv ?? '')) throw refuse('Wrong CVV');
          assertCardNotExpired(card.expiryMonth, card.expiryYear);
          paymentMethod = `${card.type}_card`;
          counterparty = { cardLast4: card.last4, cardType: card.type };
        } else {
          const [month, year] = (input.expiryDate ?? '').split('/').map(Number);
          assertCardNotExpired(month ?? 0, 2000 + (year ?? 0));
          paymentMethod = 'card';
          counterparty = { cardLast4: last4((input.cardNumber ?? '').replace(/\D/g, '')) };
        }
      } else {
        let bankName = input.bankName ?? '';
        let accountNumber = input.bankAccountNumber ?? '';
        if (input.bankId) {
          const bank = await ownBankDetails(tx, deps.encryptionKey, user.id, input.bankId);
          bankName = bank.name;
          accountNumber = bank.accountNumber;
        }
        paymentMethod = 'bank_transfer';
        counterparty = { bankName, accountLast4: last4(accountNumber) };
      }
      const { customer: to, clearing: from } = await lockWithClearing(tx, user.id);
      const now = new Date();
      const source = counterparty.cardLast4
        ? `card ending ${counterparty.cardLast4}`
        : `${counterparty.bankName} account ending ${counterparty.accountLast4}`;
      const written = await recordMovement(tx, {
        type: 'deposit',
        status: 'completed',
        amountCents,
        description: input.description || 'Deposit funds',
        category: 'deposit',
        paymentMethod,
        from,
        to,
        senderUserId: null,
        recipientUserId: user.id,
        recipientName: `${user.firstName} ${user.lastName}`,
        recipientAccountNumber: to.accountNumber,
        counterparty,
        timeline: [
          timelineEntry('completed', `Deposit from ${source} initiated`, now),
          timelineEntry('completed', 'Funds credited to your account', now),
        ],
      });
      if (!written) throw new Error('Deposit was not written');
      const { transaction, toBalance } = written;
      announce(events, transaction, [
        { userId: user.id, accountId: to.id, balance: toBalance, notify: user.notifyTransactions },
      ]);
      return result('Deposit completed successfully', transaction, to.id, toBalance, user);
    },
  );
}

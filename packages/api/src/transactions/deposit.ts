import type { depositInput } from '@bank/validators/money';
import type { z } from 'zod';
import { assertCardNotExpired, ownCard, verifyCardCvv } from '../cards/service.ts';
import { type DepositOrder, depositPosting } from '../ledger/kinds/deposit.ts';
import { last4 } from '../ledger/masking.ts';
import { refuse } from '../ledger/refusals.ts';
import { toCents } from '../money/cents.ts';
import { movementOperation, type OrderOf, outsideBank } from './movement.ts';

const depositOrder: OrderOf<z.infer<typeof depositInput>, DepositOrder> = async (
  deps,
  user,
  input,
): Promise<DepositOrder> => {
  const order = {
    user,
    amountCents: toCents(input.amount),
    description: input.description || 'Deposit funds',
  };
  if (input.method === 'card') {
    if (input.cardId) {
      const card = await ownCard(deps.db, user.id, input.cardId);
      if (!verifyCardCvv(deps.encryptionKey, card, input.cvv ?? '')) throw refuse('Wrong CVV');
      assertCardNotExpired(card.expiryMonth, card.expiryYear);
      return {
        ...order,
        paymentMethod: `${card.type}_card`,
        counterparty: { cardLast4: card.last4, cardType: card.type },
        source: `card ending ${card.last4}`,
      };
    }
    const [month, year] = (input.expiryDate ?? '').split('/').map(Number);
    assertCardNotExpired(month ?? 0, 2000 + (year ?? 0));
    const cardLast4 = last4((input.cardNumber ?? '').replace(/\D/g, ''));
    return {
      ...order,
      paymentMethod: 'card',
      counterparty: { cardLast4 },
      source: `card ending ${cardLast4}`,
    };
  }
  const { bankName, accountNumber, routingNumber } = await outsideBank(deps, user.id, {
    bankId: input.bankId,
    bankName: input.bankName,
    accountNumber: input.bankAccountNumber,
    routingNumber: input.bankRoutingNumber,
  });
  return {
    ...order,
    paymentMethod: 'bank_transfer',
    counterparty: {
      bankName,
      accountLast4: last4(accountNumber),
      ...(routingNumber ? { routingNumber } : {}),
    },
    source: `${bankName} account ending ${last4(accountNumber)}`,
  };
};

/** Checks the source (a saved card's CVV and expiry, a linked bank), then posts the deposit. */
export const deposit = movementOperation('deposit', depositOrder, depositPosting);

import { randomInt } from 'node:crypto';
import type { withdrawInput } from '@bank/validators/money';
import type { z } from 'zod';
import { assertCardNotExpired, ownCard } from '../cards/service.ts';
import { type WithdrawalOrder, withdrawalPosting } from '../ledger/kinds/withdrawal.ts';
import { last4 } from '../ledger/masking.ts';
import { refuse } from '../ledger/refusals.ts';
import { toCents } from '../money/cents.ts';
import { movementOperation, type OrderOf, outsideBank } from './movement.ts';

const withdrawalOrder: OrderOf<z.infer<typeof withdrawInput>, WithdrawalOrder> = async (
  deps,
  user,
  input,
): Promise<WithdrawalOrder> => {
  const amountCents = toCents(input.amount);
  const order = (
    destination: string,
    details: Pick<WithdrawalOrder, 'paymentMethod' | 'counterparty'> &
      Partial<Pick<WithdrawalOrder, 'notes' | 'recipientName'>>,
  ): WithdrawalOrder => ({
    user,
    amountCents,
    description: input.description?.trim() || `Withdrawal to ${destination}`,
    destination,
    notes: details.notes ?? null,
    recipientName: details.recipientName ?? null,
    paymentMethod: details.paymentMethod,
    counterparty: details.counterparty,
  });
  if (input.method === 'bank') {
    const { bankName, accountNumber, routingNumber, linked } = await outsideBank(
      deps,
      user.id,
      input,
    );
    const accountName = linked
      ? (linked.accountName ?? `${user.firstName} ${user.lastName}`)
      : (input.accountName ?? '');
    return order(`${bankName} account ending ${last4(accountNumber)}`, {
      paymentMethod: 'bank_transfer',
      counterparty: {
        bankName,
        accountLast4: last4(accountNumber),
        accountName,
        ...(routingNumber ? { routingNumber } : {}),
      },
      recipientName: accountName,
    });
  }
  if (input.method === 'card') {
    const card = await ownCard(deps.db, user.id, input.cardId ?? '');
    if (card.type !== 'debit') throw refuse('Withdrawals to a card need a debit card');
    assertCardNotExpired(card.expiryMonth, card.expiryYear);
    return order(`debit card ending ${card.last4}`, {
      paymentMethod: 'debit_card',
      counterparty: { cardLast4: card.last4 },
    });
  }
  const pickupCode = String(randomInt(10_000_000, 100_000_000));
  return order(`cash pickup (code ${pickupCode})`, {
    paymentMethod: 'cash_pickup',
    counterparty: { pickupCode },
    notes: `Pickup code ${pickupCode}`,
  });
};

/** Checks the destination (a linked bank, a debit card, cash pickup), then posts the withdrawal. */
export const withdraw = movementOperation('withdraw', withdrawalOrder, withdrawalPosting);

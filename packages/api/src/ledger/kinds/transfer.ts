import { isHorizonAccountNumber, noSuchHorizonAccount } from '@bank/validators/account-number';
import type { transferInput } from '@bank/validators/money';
import type { z } from 'zod';
import { formatUsd } from '../../money/cents.ts';
import { outflowOn } from '../account-state.ts';
import { timelineEntry } from '../book.ts';
import { last4, maskedName } from '../masking.ts';
import type { AccountParty, Customer, IdempotencyClaim, NewMovement, Posting } from '../posting.ts';
import { accountNotFound, refuse } from '../refusals.ts';
import { type MovementResult, movementResult } from '../transaction-dto.ts';
import { onlyRow } from './answers.ts';
import { openAccount } from './open-account.ts';

/** One transfer request, authenticated and parsed. */
export interface TransferOrder {
  user: Customer;
  input: z.infer<typeof transferInput>;
  amountCents: bigint;
}

/**
 * A transfer: to another customer of the bank at once, to any other number through the
 * clearing account (pending until cleared). The rules, in the order the customer is told.
 */
export function transferPosting(
  order: TransferOrder,
  idempotency?: IdempotencyClaim<MovementResult>,
): Posting<MovementResult> {
  const { user, input, amountCents } = order;
  return {
    needs: { users: [user.id], accountNumbers: [input.recipientAccountNumber] },
    idempotency,
    judge(ledger) {
      const sender = openAccount(ledger.primaryAccountOf(user.id));
      if (!sender) return { refused: accountNotFound() };
      // A closed customer's number is refused below as one that no account has.
      const target = openAccount(ledger.accountByNumber(input.recipientAccountNumber));
      if (target?.id === sender.id)
        return { refused: refuse('You cannot transfer money to your own account') };
      if (target?.kind === 'system')
        return { refused: refuse('This account cannot receive transfers') };
      // Our format with valid check digits, yet no such account: never sent to the clearing.
      if (!target && isHorizonAccountNumber(input.recipientAccountNumber))
        return { refused: refuse(noSuchHorizonAccount) };
      const recipient = target?.kind === 'customer' ? target : undefined;
      const state = ledger.stateOf(sender);
      if (state.balanceCents < amountCents) return { refused: refuse('Insufficient funds') };
      if (
        outflowOn(state, ledger.day, 'transfer') + amountCents >
        ledger.settings.transferLimitCents
      )
        return {
          refused: refuse(
            `Daily transfer limit exceeded: the limit is ${formatUsd(ledger.settings.transferLimitCents)} a day`,
          ),
        };
      const to = recipient ?? ledger.systemAccount('external_clearing');
      return {
        effects: [{ open: transferMovement(order, sender, to, recipient, ledger.now) }],
        answer: (applied) =>
          movementResult(
            'Transfer completed successfully',
            onlyRow(applied),
            sender.id,
            applied.balanceOf(sender.id),
            user,
          ),
      };
    },
  };
}

function transferMovement(
  order: TransferOrder,
  from: AccountParty,
  to: AccountParty,
  recipient: AccountParty | undefined,
  now: Date,
): NewMovement {
  const { input, user } = order;
  // The payee as the payee check shows them ("Bob S."): the sender's record never holds more
  // of another customer's name than that check gives away.
  const recipientName = recipient?.owner
    ? maskedName(recipient.owner.firstName, recipient.owner.lastName)
    : input.recipientName?.trim() || 'External account';
  return {
    type: 'transfer',
    status: recipient ? 'completed' : 'pending',
    amountCents: order.amountCents,
    description: input.description?.trim() || `Transfer to ${recipientName}`,
    category: recipient ? 'transfer' : 'external_transfer',
    paymentMethod: recipient ? 'internal_transfer' : 'bank_transfer',
    from,
    to,
    senderUserId: user.id,
    recipientUserId: recipient?.userId ?? null,
    recipientName,
    recipientAccountNumber: input.recipientAccountNumber,
    // Another bank's account is named by its routing number and account number together.
    counterparty: recipient
      ? null
      : {
          accountLast4: last4(input.recipientAccountNumber),
          ...(input.routingNumber ? { routingNumber: input.routingNumber } : {}),
          network: 'ACH',
        },
    timeline: recipient
      ? [
          timelineEntry('completed', 'Transfer initiated', now),
          timelineEntry('completed', `Delivered to ${recipientName}`, now),
        ]
      : [
          timelineEntry('completed', 'Transfer initiated', now),
          timelineEntry(
            'pending',
            input.routingNumber
              ? `Sent to the external bank (routing number ${input.routingNumber}) for clearing`
              : 'Sent to the external bank for clearing',
            now,
          ),
        ],
  };
}

import type { Executor } from '@bank/db';
import { isHorizonAccountNumber, noSuchHorizonAccount } from '@bank/validators/account-number';
import type { transferInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { formatUsd } from '../../money/cents.ts';
import { outflowOn } from '../account-state.ts';
import { last4, maskedName } from '../masking.ts';
import { timelineEntry } from '../new-row.ts';
import type {
  AccountParty,
  Applied,
  Customer,
  IdempotencyClaim,
  LedgerView,
  NewMovement,
  Posting,
} from '../posting.ts';
import { accountNotFound, dailyLimitExceeded, insufficientFunds, refuse } from '../refusals.ts';
import { type MovementResult, movementResult } from '../transaction-dto.ts';
import type { TransactionRow } from '../transaction-row.ts';
import { onlyRow } from './answers.ts';
import { openAccount } from './open-account.ts';

/** A saved payee a transfer goes to, as its owner's request resolved it. */
export interface PayeeTarget {
  id: string;
  name: string;
  accountNumber: string;
  routingNumber: string | null;
}

/** One transfer request, authenticated and parsed. */
export interface TransferOrder {
  user: Customer;
  input: z.infer<typeof transferInput>;
  amountCents: bigint;
  /** Sent to a saved payee: its number, and its limits judged with the daily limit. */
  payee?: PayeeTarget;
  /** The caller's own rows about the transfer (an app's payment audited), in the money's transaction. */
  record?(tx: Executor, row: TransactionRow): Promise<void>;
}

/** The payee's own limits: its daily limit, and the bank's cap on its first 24 hours. */
function payeeRefusal(order: TransferOrder, ledger: LedgerView): TRPCError | undefined {
  if (!order.payee) return undefined;
  const payee = ledger.payee(order.payee.id);
  if (!payee || payee.removed || payee.userId !== order.user.id)
    return new TRPCError({ code: 'NOT_FOUND', message: 'Payee not found' });
  const { amountCents } = order;
  const isNew = ledger.now.getTime() - payee.createdAt.getTime() < DAY_MS;
  if (isNew && payee.sentTotalCents + amountCents > ledger.settings.newPayeeLimitCents)
    return refuse(
      `New payee limit exceeded: a payee can receive at most ${formatUsd(ledger.settings.newPayeeLimitCents)} in its first 24 hours`,
    );
  if (payee.dailyLimitCents !== null && payee.sentOnDayCents + amountCents > payee.dailyLimitCents)
    return refuse(
      `Payee daily limit exceeded: the limit for this payee is ${formatUsd(payee.dailyLimitCents)} a day`,
    );
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A transfer: to another customer of the bank at once, to any other number through the
 * clearing account (pending until cleared). The rules, in the order the customer is told.
 */
export function transferPosting(
  order: TransferOrder,
  idempotency?: IdempotencyClaim<MovementResult>,
): Posting<MovementResult> {
  const { user, amountCents } = order;
  const accountNumber = recipientNumberOf(order);
  return {
    needs: {
      users: [user.id],
      accountNumbers: [accountNumber],
      ...(order.payee ? { payees: [order.payee.id] } : {}),
    },
    idempotency,
    judge(ledger) {
      const sender = openAccount(ledger.primaryAccountOf(user.id));
      if (!sender) return { refused: accountNotFound() };
      // A closed customer's number is refused below as one that no account has.
      const target = openAccount(ledger.accountByNumber(accountNumber));
      if (target?.id === sender.id)
        return {
          refused: refuse('You cannot transfer money to your own account', 'OWN_ACCOUNT'),
        };
      if (target?.kind === 'system')
        return {
          refused: refuse('This account cannot receive transfers', 'ACCOUNT_CANNOT_RECEIVE'),
        };
      // Our format with valid check digits, yet no such account: never sent to the clearing.
      if (!target && isHorizonAccountNumber(accountNumber))
        return { refused: refuse(noSuchHorizonAccount, 'ACCOUNT_NOT_FOUND') };
      const recipient = target?.kind === 'customer' ? target : undefined;
      const state = ledger.stateOf(sender);
      if (state.balanceCents < amountCents)
        return { refused: insufficientFunds(amountCents, state.balanceCents) };
      const limitCents = ledger.settings.transferLimitCents;
      const usedCents = outflowOn(state, ledger.day, 'transfer');
      if (usedCents + amountCents > limitCents)
        return {
          refused: dailyLimitExceeded(
            `Daily transfer limit exceeded: the limit is ${formatUsd(limitCents)} a day`,
            { limitCents, usedCents, day: ledger.day },
          ),
        };
      const payeeLimit = payeeRefusal(order, ledger);
      if (payeeLimit) return { refused: payeeLimit };
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
        ...(order.record ? { record: recordOf(order.record) } : {}),
      };
    },
  };
}

function recordOf(record: NonNullable<TransferOrder['record']>) {
  return (tx: Executor, applied: Applied) => record(tx, onlyRow(applied));
}

function transferMovement(
  order: TransferOrder,
  from: AccountParty,
  to: AccountParty,
  recipient: AccountParty | undefined,
  now: Date,
): NewMovement {
  const { input, user, payee } = order;
  const accountNumber = recipientNumberOf(order);
  const routingNumber = payee?.routingNumber ?? input.routingNumber;
  // The payee as the payee check shows them ("Bob S."): the sender's record never holds more
  // of another customer's name than that check gives away.
  const recipientName = recipient?.owner
    ? maskedName(recipient.owner.firstName, recipient.owner.lastName)
    : payee?.name || input.recipientName?.trim() || 'External account';
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
    recipientAccountNumber: accountNumber,
    payeeId: payee?.id ?? null,
    // The recipient is told who paid them, by the name the sender had when the money moved;
    // another bank's account is named by its routing number and account number together.
    counterparty: recipient
      ? {
          senderName: `${user.firstName} ${user.lastName}`,
          senderAccountLast4: last4(from.accountNumber),
        }
      : {
          accountLast4: last4(accountNumber),
          network: 'ACH',
          ...(routingNumber ? { routingNumber } : {}),
        },
    timeline: recipient
      ? [
          timelineEntry('completed', 'Transfer initiated', now),
          {
            ...timelineEntry('completed', `Delivered to ${recipientName}`, now),
            forRecipient: `Received from ${user.firstName} ${user.lastName}`,
          },
        ]
      : [
          timelineEntry('completed', 'Transfer initiated', now),
          timelineEntry(
            'pending',
            routingNumber
              ? `Sent to the external bank (routing number ${routingNumber}) for clearing`
              : 'Sent to the external bank for clearing',
            now,
          ),
        ],
  };
}

/** The number money goes to: the payee's, or the one typed (the input requires one of them). */
function recipientNumberOf(order: TransferOrder): string {
  const number = order.payee?.accountNumber ?? order.input.recipientAccountNumber;
  if (number === undefined) throw new Error('A transfer names a payee or an account number');
  return number;
}

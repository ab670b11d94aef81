import type { TRPCError } from '@trpc/server';
import { type AppErrorDetails, type AppErrorReason, appError } from '../errors.ts';
import { formatUsd, toDollars } from '../money/cents.ts';

/** A rule said no: the customer sees this message (400), a program reads `code`. */
export const refuse = (
  message: string,
  code: AppErrorReason = 'BAD_REQUEST',
  details?: AppErrorDetails,
): TRPCError =>
  // A refusal with no code of its own and no figures carries no cause: its code is tRPC's.
  code === 'BAD_REQUEST' && !details
    ? appError('BAD_REQUEST', message)
    : appError('BAD_REQUEST', message, code, details);

/** The customer has no account the posting can use (none yet, or theirs was closed). */
export const accountNotFound = () =>
  appError('NOT_FOUND', 'Account not found', 'ACCOUNT_NOT_FOUND');

/** The text every movement refused by a freeze answers. */
export const accountFrozenMessage = 'This account is frozen. Please contact support.';

/** A freeze stops this movement (403, reason ACCOUNT_FROZEN). */
export const accountFrozen = () => appError('FORBIDDEN', accountFrozenMessage, 'ACCOUNT_FROZEN');

/** More than the balance less its holds would leave: the refusal names what is available. */
export const beyondAvailable = (availableCents: bigint, heldCents: bigint) =>
  refuse(
    `Insufficient funds: ${formatUsd(availableCents)} available (${formatUsd(heldCents)} on hold)`,
  );

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The balance is short of the amount: how much there is, and what to do. */
export function insufficientFunds(amountCents: bigint, balanceCents: bigint): TRPCError {
  const available = balanceCents > 0n ? balanceCents : 0n;
  return refuse('Insufficient funds', 'INSUFFICIENT_FUNDS', {
    amount: toDollars(amountCents),
    available: toDollars(available),
    nextStep: `Deposit money first, or use an amount of at most ${usd.format(toDollars(available))}.`,
  });
}

/**
 * Over a daily limit (docs/decisions/009: days run from 00:00 UTC): the limit, what the day has
 * used, what is left, and when it starts afresh.
 */
export function dailyLimitExceeded(
  message: string,
  figures: { limitCents: bigint; usedCents: bigint; day: string },
): TRPCError {
  const left = figures.limitCents - figures.usedCents;
  const available = left > 0n ? left : 0n;
  const resetsAt = new Date(Date.parse(`${figures.day}T00:00:00.000Z`) + 86_400_000);
  return refuse(message, 'DAILY_LIMIT_EXCEEDED', {
    limit: toDollars(figures.limitCents),
    used: toDollars(figures.usedCents),
    available: toDollars(available),
    resetsAt: resetsAt.toISOString(),
    nextStep:
      available > 0n
        ? `Send at most ${usd.format(toDollars(available))} today, or wait until the limit resets.`
        : 'Wait until the limit resets.',
  });
}

import { TRPCError } from '@trpc/server';
import { appError } from '../errors.ts';
import { formatUsd } from '../money/cents.ts';

/** A rule said no: the customer sees this message (400). */
export const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** The customer has no account the posting can use (none yet, or theirs was closed). */
export const accountNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });

/** The text every movement refused by a freeze answers (issue 24). */
export const accountFrozenMessage = 'This account is frozen. Please contact support.';

/** A freeze stops this movement (403, reason ACCOUNT_FROZEN). */
export const accountFrozen = () => appError('FORBIDDEN', accountFrozenMessage, 'ACCOUNT_FROZEN');

/** More than the balance less its holds would leave: the refusal names what is available. */
export const beyondAvailable = (availableCents: bigint, heldCents: bigint) =>
  refuse(
    `Insufficient funds: ${formatUsd(availableCents)} available (${formatUsd(heldCents)} on hold)`,
  );

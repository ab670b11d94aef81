import { TRPCError } from '@trpc/server';

// When a freeze or a hold stops applying, as staff write it and as the customer reads it.

/** A calendar day alone means the end of that day in UTC; a date-time is taken as written. */
export function expiryOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

export function futureExpiry(value: string | undefined, now: Date): Date | null {
  if (value === undefined) return null;
  const at = expiryOf(value);
  if (at <= now) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Expiry must be in the future',
    });
  }
  return at;
}

export const untilText = (at: Date | null) => (at ? ` until ${at.toUTCString()}` : '');

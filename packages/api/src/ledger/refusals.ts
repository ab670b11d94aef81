import { TRPCError } from '@trpc/server';

/** A rule said no: the customer sees this message (400). */
export const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** The customer has no account the posting can use (none yet, or theirs was closed). */
export const accountNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });

import type { Executor } from '@bank/db';
import { accounts, users } from '@bank/db/schema';
import { isHorizonAccountNumber } from '@bank/validators/account-number';
import { messages } from '@bank/validators/messages';
import type { PayeeLookupInput } from '@bank/validators/money';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../deps.ts';
import { tooManyRequests } from '../errors.ts';
import { maskedName } from '../ledger/masking.ts';
import { limits } from '../rate-limit.ts';

/**
 * Confirmation of payee (the integrator API review): before money leaves, who an account number
 * belongs to. An account of this bank answers its holder's first name and last initial, and (when
 * the sender typed one) whether the name they expect matches the holder's, judged here against the
 * full name, which never leaves the server. Any other number is another bank's: nothing to check.
 */
export const payeeAnswerSchema = z
  .object({
    accountNumber: z.string(),
    /** `horizon`: an account of this bank; `external`: another bank's number. */
    bank: z.enum(['horizon', 'external']),
    /** The holder as the transfer will credit them, masked: "Bob S.". */
    holderName: z.string().nullable(),
    /** The typed name against the holder's: null when no name was given or the bank is external. */
    nameMatch: z.enum(['match', 'close', 'no_match']).nullable(),
    ownAccount: z.boolean(),
    /** One sentence for the sender. */
    message: z.string(),
  })
  .meta({ id: 'Payee' });
export type PayeeAnswer = z.infer<typeof payeeAnswerSchema>;

const words = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z\s'-]/g, ' ')
    .split(/[\s'-]+/)
    .filter(Boolean);

/** As UK confirmation of payee answers: an exact match, a close one, or none. */
export function compareNames(
  typed: string,
  holder: { firstName: string; lastName: string },
): 'match' | 'close' | 'no_match' {
  const given = words(typed);
  const first = words(holder.firstName);
  const last = words(holder.lastName);
  const full = [...first, ...last].join(' ');
  if (given.join(' ') === full || given.join(' ') === [...last, ...first].join(' ')) return 'match';
  const lastName = last.join(' ');
  const givenLast = given.slice(1).join(' ');
  const givenFirst = given[0] ?? '';
  const firstInitial = first[0]?.charAt(0) ?? '';
  // "B Smith", "Bobby Smith" for Bob Smith, or the first name alone.
  if (lastName !== '' && givenLast === lastName && givenFirst.charAt(0) === firstInitial)
    return 'close';
  if (given.length === 1 && givenFirst === first.join(' ')) return 'close';
  return 'no_match';
}

const matchMessages = {
  match: 'The name matches the account holder.',
  close: 'The name is close to the account holder’s. Check it before you send.',
  no_match: 'The name does not match the account holder. Check the details before you send.',
} as const;

/** Counted per user (30 a minute), with the IETF `RateLimit` headers on every answer. */
async function admitLookup(ctx: Context, userId: string): Promise<void> {
  const limit = limits.payeeLookupPerUser;
  const { count, resetInMs } = await ctx.deps.rateLimiter.take(
    `payee-lookup:user:${userId}`,
    limit.windowMs,
  );
  const seconds = Math.ceil(resetInMs / 1000);
  ctx.response.set('RateLimit-Policy', `"payee-lookup";q=${limit.max};w=${limit.windowMs / 1000}`);
  ctx.response.set('RateLimit', `"payee-lookup";r=${Math.max(0, limit.max - count)};t=${seconds}`);
  if (count > limit.max) throw tooManyRequests(messages.tooManyRequests, resetInMs);
}

/**
 * The customer account with this number and its holder (their names, and when they closed, if
 * they did): what the payee check and a saved payee's check compare. Undefined if none has it.
 */
export async function customerAccountHolder(db: Executor, accountNumber: string) {
  const [account] = await db
    .select({
      id: accounts.id,
      userId: accounts.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      closedAt: users.closedAt,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.accountNumber, accountNumber), eq(accounts.kind, 'customer')));
  return account;
}

export async function lookupPayee(
  ctx: Context,
  userId: string,
  input: PayeeLookupInput,
): Promise<PayeeAnswer> {
  await admitLookup(ctx, userId);
  const accountNumber = input.accountNumber.trim();
  const account = await customerAccountHolder(ctx.deps.db, accountNumber);
  // A closed customer's number takes no more money (decision 017): the ledger's kinds refuse it
  // as a number no account has (kinds/open-account.ts), so the check answers the same.
  const found = account?.closedAt === null ? account : undefined;
  if (!found) {
    const ours = isHorizonAccountNumber(accountNumber);
    return {
      accountNumber,
      bank: ours ? 'horizon' : 'external',
      holderName: null,
      nameMatch: null,
      ownAccount: false,
      message: ours
        ? 'No Horizon Bank account has this number.'
        : 'This account is not at Horizon Bank. The transfer goes to another bank, which cannot confirm the name.',
    };
  }
  const holderName = maskedName(found.firstName, found.lastName);
  const ownAccount = found.userId === userId;
  const nameMatch = input.name?.trim() ? compareNames(input.name, found) : null;
  return {
    accountNumber,
    bank: 'horizon',
    holderName,
    nameMatch,
    ownAccount,
    message: ownAccount
      ? 'This is your own account.'
      : nameMatch
        ? matchMessages[nameMatch]
        : `${holderName} holds this Horizon Bank account.`,
  };
}

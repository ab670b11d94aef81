import { z } from 'zod';
import { isHorizonAccountNumber } from './account-number.ts';
import { requiredString } from './common.ts';
import { amountField, externalAccountNumberField, recipientAccountNumberField } from './money.ts';
import { routingNumberField } from './routing-number.ts';

/** The second factor of a step-up: a TOTP code, or the six digits e-mailed for it. */
export const stepUpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code')
  .optional();

export const stepUpInput = z.object({
  purpose: z.literal('payee', { error: 'Unknown purpose' }),
});

const payeeName = requiredString('Payee name is required', 60);

/** Optional: at most this much a day to the payee; null or absent for none. */
const dailyLimitField = amountField.nullable().optional();

const internalPayee = z.object({
  bank: z.literal('internal'),
  name: payeeName,
  accountNumber: recipientAccountNumberField.refine(isHorizonAccountNumber, {
    message: 'Not a Horizon Bank account number',
  }),
  dailyLimit: dailyLimitField,
  code: stepUpCodeField,
});

const externalPayee = z.object({
  bank: z.literal('external'),
  name: payeeName,
  routingNumber: routingNumberField,
  accountNumber: externalAccountNumberField,
  dailyLimit: dailyLimitField,
  code: stepUpCodeField,
});

export const payeeInput = z.discriminatedUnion('bank', [internalPayee, externalPayee], {
  error: "Bank must be 'internal' or 'external'",
});
export type PayeeInput = z.input<typeof payeeInput>;

/**
 * A change: the name and the daily limit alone need no second factor; new account details
 * (number, routing number, bank) do, and are checked again like a new payee.
 */
export const payeeUpdateInput = z.object({
  id: z.uuid('Payee not found'),
  name: payeeName.optional(),
  dailyLimit: dailyLimitField,
  bank: z.enum(['internal', 'external']).optional(),
  accountNumber: externalAccountNumberField.optional(),
  routingNumber: routingNumberField.optional(),
  code: stepUpCodeField,
});
export type PayeeUpdateInput = z.input<typeof payeeUpdateInput>;

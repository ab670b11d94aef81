import { transactionStatuses, transactionTypes } from '@bank/db/enums';
import { z } from 'zod';
import {
  invalidAccountNumberMessage,
  isHorizonAccountNumber,
  isMistypedHorizonNumber,
} from './account-number.ts';
import { calendarDayField, requiredString, textField } from './common.ts';
import { routingNumberField } from './routing-number.ts';

const isBlank = (input: unknown) =>
  input === undefined ||
  input === null ||
  input === '' ||
  (typeof input === 'number' && Number.isNaN(input));

/** The largest amount any one call names, in dollars (a bound, not a business limit). */
export const MAX_AMOUNT = 10_000_000;

/** A whole number of cents, as far as a double can tell (0.1 + 0.2 passes, 0.001 does not). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/**
 * The bounds every dollar field shares: at most MAX_AMOUNT (`tooLarge` says so) and whole cents.
 * Checked after the field's own rules, so a value is told what is wrong first.
 */
export function inDollarBounds<T extends z._ZodNumber>(field: T, tooLarge: string) {
  return field
    .max(MAX_AMOUNT, tooLarge)
    .refine(hasAtMostTwoDecimals, { message: 'Amount can have at most two decimal places' });
}

/** Dollars from 0.01 to MAX_AMOUNT with at most two decimals, converted to cents at the edge. */
export const amountField = inDollarBounds(
  z
    .number({
      error: (issue) => (isBlank(issue.input) ? 'Amount is required' : 'Amount must be a number'),
    })
    .positive('Amount must be positive')
    // One message per amount: a negative one is told it must be positive, not both.
    .refine((value) => value <= 0 || value >= 0.01, { message: 'Amount must be at least 0.01' }),
  'Amount is too large',
);

export const currencyField = z.literal('USD', { error: 'Only USD is supported' }).default('USD');

/** A fresh key per form submission: the same key never moves money twice. */
export const idempotencyKeyField = textField(255, 'Idempotency key is too long')
  .min(8, 'Idempotency key is too short')
  .max(255, 'Idempotency key is too long')
  .optional();

export const externalAccountNumberField = requiredString('Account number is required').regex(
  /^\d{4,17}$/,
  'Account number must be 4 to 17 digits',
);

/** Where a transfer goes: any bank's number, but one of ours must carry valid check digits. */
export const recipientAccountNumberField = externalAccountNumberField.refine(
  (value) => !isMistypedHorizonNumber(value),
  invalidAccountNumberMessage,
);

/** Adds the first issue of `schema` on `value[field]` to `ctx`, if it has one. */
function checkField<T extends Record<string, unknown>>(
  ctx: z.RefinementCtx<T>,
  value: T,
  field: keyof T & string,
  schema: z.ZodType,
) {
  const result = schema.safeParse(value[field]);
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: result.error.issues[0]?.message ?? 'Invalid',
    });
  }
}

/**
 * To a number of this bank (its format: 12 digits starting with 4) nothing more is needed; any
 * other number is another bank's and goes with that bank's routing number.
 */
export const transferInput = z
  .object({
    type: z.literal('transfer').default('transfer'),
    recipientName: textField(100).optional(),
    recipientAccountNumber: recipientAccountNumberField.optional(),
    /** A saved payee instead of a number: its account, name and limits. */
    payeeId: z.uuid('Payee not found').optional(),
    /** Another bank's routing number: required when the account is not ours, ignored if it is. */
    routingNumber: textField(32).optional(),
    amount: amountField,
    description: textField(200).optional(),
    currency: currencyField,
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, ctx) => {
    if (value.payeeId && value.recipientAccountNumber)
      ctx.addIssue({
        code: 'custom',
        path: ['payeeId'],
        message: 'Choose a payee or enter an account number, not both',
      });
    else if (!value.payeeId && value.recipientAccountNumber === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['recipientAccountNumber'],
        message: 'Account number is required',
      });
    else if (
      value.recipientAccountNumber !== undefined &&
      (!isHorizonAccountNumber(value.recipientAccountNumber) || value.routingNumber)
    )
      checkField(ctx, value, 'routingNumber', routingNumberField);
  });
export type TransferInput = z.input<typeof transferInput>;

export const cardNumberField = requiredString('Card number must be 16 digits')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, 'Card number must be 16 digits'));

export const expiryField = requiredString('Expiry date must be in MM/YY format').regex(
  /^(0[1-9]|1[0-2])\/\d{2}$/,
  'Expiry date must be in MM/YY format',
);

export const cvvField = requiredString('CVV must be 3 digits').regex(
  /^\d{3}$/,
  'CVV must be 3 digits',
);

export const depositInput = z
  .object({
    type: z.literal('deposit').default('deposit'),
    amount: amountField,
    method: z.enum(['card', 'bank', 'cash'], { error: 'Deposit method is required' }),
    currency: currencyField,
    description: textField(200).default('Deposit funds'),
    /** A saved card: then only its CVV is entered. */
    cardId: z.uuid().optional(),
    cardNumber: textField(32).optional(),
    expiryDate: textField(8).optional(),
    cvv: textField(8).optional(),
    bankId: z.uuid().optional(),
    bankName: textField(100).optional(),
    bankAccountNumber: textField(32).optional(),
    bankRoutingNumber: textField(16).optional(),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, ctx) => {
    const check = (field: keyof typeof value & string, schema: z.ZodType) =>
      checkField(ctx, value, field, schema);
    if (value.method === 'cash') {
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: 'Cash deposits are not available',
      });
    } else if (value.method === 'card') {
      check('cvv', cvvField);
      if (!value.cardId) {
        check('cardNumber', cardNumberField);
        check('expiryDate', expiryField);
      }
    } else if (!value.bankId) {
      check('bankName', requiredString('Bank name is required'));
      check('bankAccountNumber', externalAccountNumberField);
      check('bankRoutingNumber', routingNumberField);
    }
  });
export type DepositInput = z.input<typeof depositInput>;

export const withdrawInput = z
  .object({
    type: z.literal('withdraw').default('withdraw'),
    amount: amountField,
    method: z.enum(['bank', 'card', 'cash_pickup'], { error: 'Withdrawal method is required' }),
    currency: currencyField,
    bankId: z.uuid().optional(),
    bankName: textField(100).optional(),
    accountNumber: textField(32).optional(),
    accountName: textField(100).optional(),
    /** The bank's ABA routing number, with a new bank's account number. */
    routingNumber: textField(32).optional(),
    cardId: z.uuid().optional(),
    description: textField(200).optional(),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, ctx) => {
    if (value.method === 'bank' && !value.bankId) {
      if (!value.bankName?.trim())
        ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'Bank name is required' });
      checkField(ctx, value, 'accountNumber', externalAccountNumberField);
      checkField(ctx, value, 'routingNumber', routingNumberField);
      if (!value.accountName?.trim()) {
        ctx.addIssue({
          code: 'custom',
          path: ['accountName'],
          message: 'Account name is required',
        });
      }
    }
    if (value.method === 'card' && !value.cardId) {
      ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'Choose a saved debit card' });
    }
  });
export type WithdrawInput = z.input<typeof withdrawInput>;

// The database's enums are the one list of types and statuses.
export { transactionStatuses, transactionTypes };

const isoDay = calendarDayField('Dates are real days written YYYY-MM-DD');
/** A filter bound: dollars from 0 to MAX_AMOUNT with at most two decimals. */
const optionalAmount = inDollarBounds(
  z.coerce.number({ error: 'Amount must be a number' }).nonnegative('Amount must be positive'),
  'Amount is too large',
).optional();

export const transactionFilters = z.object({
  /** Words found in the description or the counterparty, in any case, with or without accents. */
  q: textField(100, 'Search is at most 100 characters')
    .transform((value) => value || undefined)
    .optional(),
  // 'withdrawal' is how some screens name it (docs/product.md 9).
  type: z
    .enum([...transactionTypes, 'withdrawal'])
    .transform((value) => (value === 'withdrawal' ? 'withdraw' : value))
    .optional(),
  status: z.enum(transactionStatuses).optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
  minAmount: optionalAmount,
  maxAmount: optionalAmount,
});

export const transactionListQuery = transactionFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const byIdInput = z.object({ id: z.uuid('Not found') });

export const cardInput = z.object({
  type: z.enum(['debit', 'credit'], { error: 'Card type is required' }),
  name: requiredString('Name on card is required').max(100),
  number: cardNumberField,
  expiry: requiredString('Expiry must be MM/YY').regex(
    /^(0[1-9]|1[0-2])\/\d{2}$/,
    'Expiry must be MM/YY',
  ),
  cvv: cvvField,
});
export type CardInput = z.input<typeof cardInput>;

/** Editing keeps the number; expiry may come as MM/YY or as expiryMonth/expiryYear. */
export const cardUpdateInput = z.object({
  id: z.uuid('Card not found'),
  type: z.enum(['debit', 'credit'], { error: 'Card type is required' }).optional(),
  name: requiredString('Name on card is required').max(100).optional(),
  expiry: textField(8)
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry must be MM/YY')
    .optional(),
  expiryMonth: z.coerce
    .number()
    .int()
    .min(1, 'Expiry must be MM/YY')
    .max(12, 'Expiry must be MM/YY')
    .optional(),
  expiryYear: z.coerce.number().int().min(2000).max(2099).optional(),
  cvv: cvvField.optional(),
});
export type CardUpdateInput = z.input<typeof cardUpdateInput>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const bankInput = z.object({
  name: requiredString('Bank name is required').max(100),
  accountNumber: externalAccountNumberField,
  routingNumber: routingNumberField,
  accountType: z.enum(['checking', 'savings'], { error: 'Account type is required' }),
  accountName: textField(100).optional(),
});
export type BankInput = z.input<typeof bankInput>;

export const bankUpdateInput = bankInput.extend({ id: z.uuid('Bank not found') });
export type BankUpdateInput = z.input<typeof bankUpdateInput>;

export const accountInput = z.object({
  type: z.enum(['checking', 'savings'], { error: 'Account type is required' }),
  currency: z.literal('USD', { error: 'Currency is required' }),
});

/** Confirmation of payee: the number to check, and the name the sender expects (optional). */
export const payeeLookupInput = z.object({
  accountNumber: recipientAccountNumberField,
  name: textField(100).optional(),
});
export type PayeeLookupInput = z.input<typeof payeeLookupInput>;

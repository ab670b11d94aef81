import { z } from 'zod';
import { calendarDayField } from './common.ts';

export const statementFormats = ['pdf', 'csv', 'json'] as const;
export type StatementFormat = (typeof statementFormats)[number];

const format = z
  .enum(statementFormats, { error: 'Format must be pdf, csv or json' })
  .default('pdf');
/** Which of the customer's accounts; their first (checking) account when left out. */
const account = z
  .string()
  .regex(/^[0-9]{10,12}$/, 'Account must be one of your account numbers')
  .optional();

export const statementPeriodInput = z.object({
  period: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Period must be a month written YYYY-MM'),
  format,
  account,
});
export type StatementPeriodInput = z.input<typeof statementPeriodInput>;

export const statementRangeInput = z
  .object({
    from: calendarDayField('From must be a date written YYYY-MM-DD'),
    to: calendarDayField('To must be a date written YYYY-MM-DD'),
    format,
    account,
  })
  .refine((range) => range.from <= range.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type StatementRangeInput = z.input<typeof statementRangeInput>;

export const statementListInput = z.object({}).optional();

/** A PDF at most this large is checked (a statement of years of entries is far smaller). */
export const MAX_VERIFIED_PDF_BYTES = 10_000_000;

/** Either the digest printed on a statement, or the statement's PDF itself (base64). */
export const statementVerifyInput = z.union([
  z.object({
    digest: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'Digest must be 64 hexadecimal characters (SHA-256)'),
  }),
  z.object({
    pdf: z
      .base64('The PDF must be sent as base64')
      .max(Math.ceil(MAX_VERIFIED_PDF_BYTES / 3) * 4, 'The PDF is larger than any statement'),
  }),
]);
export type StatementVerifyInput = z.input<typeof statementVerifyInput>;

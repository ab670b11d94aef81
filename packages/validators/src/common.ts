import { z } from 'zod';
import './human-errors.ts';

/**
 * PostgreSQL's text refuses NUL, and UTF-8 has no form for half a surrogate pair: such a string
 * cannot be stored, so it is refused at the edge with the field named (never a 500).
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

export const unstorableTextMessage = 'Contains characters that are not allowed';

/** Any string the server keeps or compares: at most `max` characters, storable. */
export function textField(max: number, tooLong = `Must be at most ${max} characters`) {
  return z
    .string()
    .max(max, tooLong)
    .refine(isStorableText, { message: unstorableTextMessage, abort: true })
    .trim();
}

/** A string field whose absence and emptiness both answer docs/product.md's "required" message. */
export function requiredString(message: string, max = 1000) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .max(max, `Must be at most ${max} characters`)
    .refine(isStorableText, { message: unstorableTextMessage, abort: true })
    .trim()
    .min(1, { message, abort: true });
}

/** RFC 5321 caps a forward path at 256 octets, so an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

export const emailField = requiredString('Email is required', EMAIL_MAX_LENGTH)
  .toLowerCase()
  .pipe(z.email('Invalid email'));

/** Long enough for any passphrase, short enough that hashing it costs what it should. */
export const PASSWORD_MAX_LENGTH = 128;
export const passwordTooLongMessage = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** docs/product.md 5, password rule: only the messages that apply, required alone when empty. */
export function passwordField(requiredMessage = 'Password is required') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
    .max(PASSWORD_MAX_LENGTH, passwordTooLongMessage)
    .superRefine((value, ctx) => {
      if (value.length === 0) {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return;
      }
      const rules: Array<[boolean, string]> = [
        [value.length >= 8, 'Password must be at least 8 characters'],
        [/[a-z]/.test(value), 'Password must contain at least one lowercase letter'],
        [/[A-Z]/.test(value), 'Password must contain at least one uppercase letter'],
        [/[0-9]/.test(value), 'Password must contain at least one number'],
        [/[^A-Za-z0-9]/.test(value), 'Password must contain at least one special character'],
      ];
      for (const [ok, message] of rules) if (!ok) ctx.addIssue({ code: 'custom', message });
    });
}

export const phoneNumberField = requiredString('Phone number is required', 32).regex(
  /^\+?[1-9]\d{1,14}$/,
  'Invalid phone number',
);

export const nameField = (message: string) => requiredString(message, 100);

const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD' in years 1900-9999: no 02-30, no 13-45, no year 0000. */
export function isCalendarDay(value: string): boolean {
  const match = isoDayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function calendarDayField(message: string) {
  return z.string().max(10, message).refine(isCalendarDay, { message });
}

import { z } from 'zod';

/** A string field whose absence and emptiness both answer SPEC.md's "required" message. */
export function requiredString(message: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, { message, abort: true });
}

export const emailField = requiredString('Email is required')
  .toLowerCase()
  .pipe(z.email('Invalid email'));

/** SPEC.md 5, password rule: only the messages that apply, required alone when empty. */
export function passwordField(requiredMessage = 'Password is required') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
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

export const phoneNumberField = requiredString('Phone number is required').regex(
  /^\+?[1-9]\d{1,14}$/,
  'Invalid phone number',
);

export const nameField = (message: string) => requiredString(message).max(100);

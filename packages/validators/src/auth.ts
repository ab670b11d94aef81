import { z } from 'zod';
import {
  calendarDayField,
  emailField,
  nameField,
  PASSWORD_MAX_LENGTH,
  passwordField,
  passwordTooLongMessage,
  phoneNumberField,
  requiredString,
  textField,
} from './common.ts';

export const loginInput = z.object({
  email: emailField,
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required' : undefined) })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, passwordTooLongMessage),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginInput>;

/** The terms of service: customers are 18 and over. */
export const MINIMUM_AGE = 18;

/**
 * The latest date of birth of someone who is 18 on `today` (UTC), as `YYYY-MM-DD`: the same
 * month and day 18 years earlier. Compared as text, so a 29 February whose year 18 back has none
 * still sorts between the 28th and 1 March.
 */
export function adultBirthDateLimit(today: Date = new Date()): string {
  const iso = today.toISOString().slice(0, 10);
  return `${String(Number(iso.slice(0, 4)) - MINIMUM_AGE).padStart(4, '0')}${iso.slice(4)}`;
}

export const dateOfBirthField = requiredString('Date of birth is required', 10)
  .pipe(calendarDayField('Invalid date of birth'))
  .refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: 'Date of birth cannot be in the future',
    // A date in the future gets that message alone, not the age's as well.
    abort: true,
  })
  .refine((value) => value <= adultBirthDateLimit(), {
    message: `You must be at least ${MINIMUM_AGE} years old`,
  });

const registerFields = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  email: emailField,
  phoneNumber: phoneNumberField,
  dateOfBirth: dateOfBirthField,
  password: passwordField(),
  confirmPassword: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Confirm password is required' : undefined),
    })
    .min(1, 'Confirm password is required')
    .max(PASSWORD_MAX_LENGTH, 'Passwords must match'),
  acceptTerms: z.literal(true, { error: 'You must accept the terms and conditions' }),
});

export const registerInput = registerFields.refine(
  (value) => value.password === value.confirmPassword,
  { message: 'Passwords must match', path: ['confirmPassword'] },
);
export type RegisterInput = z.input<typeof registerInput>;

export const forgotPasswordInput = z.object({ email: emailField });

export const resendVerificationInput = z.object({ email: emailField });

const tokenField = requiredString('Token is required', 200);

export const verifyEmailInput = z.object({ token: tokenField });

export const resetPasswordInput = z.object({ token: tokenField, password: passwordField() });

/** The link of a failed-sign-ins alert: signs every session of its account out. */
export const endSessionsInput = z.object({ token: tokenField });

/** The reset form adds the confirmation the server does not need. */
export const resetPasswordForm = z
  .object({
    password: passwordField(),
    confirmPassword: requiredString('Confirm password is required', PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });

/** A six-digit TOTP code, or one of the recovery codes (xxxxx-xxxxx). */
export const twoFactorCodeInput = z.object({
  code: requiredString('Code is required', 32)
    .transform((value) => value.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, 'Invalid code')),
});

export const changePasswordInput = z.object({
  currentPassword: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Current password is required' : undefined),
    })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, passwordTooLongMessage),
  newPassword: passwordField('New password is required'),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

const optionalText = textField(200).optional().nullable();

export const addressInput = z.object({
  street: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  country: optionalText,
});

export const profileInput = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  phoneNumber: phoneNumberField,
  address: addressInput.optional(),
});
export type ProfileInput = z.input<typeof profileInput>;

export const notificationPreferencesInput = z.object({
  transactionNotifications: z.boolean(),
  securityAlerts: z.boolean(),
  marketingCommunications: z.boolean(),
  /** Older clients leave it out: the stored choice is then kept. */
  supportReplies: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesInput>;

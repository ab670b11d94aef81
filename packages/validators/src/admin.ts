import { userRoles } from '@bank/db/enums';
import { z } from 'zod';
import { userStatuses } from './enums.ts';
import './human-errors.ts';
import { calendarDayField, emailField, nameField, phoneNumberField, textField } from './common.ts';
import { inDollarBounds } from './money.ts';
import { routingNumberField } from './routing-number.ts';

export { userRoles };

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(10),
});

export const userIdInput = z.object({ id: z.uuid('User not found') });

/** Opening a customer's page: why, optionally (the customer sees it under Profile -> Security). */
export const userViewInput = userIdInput.extend({
  reason: textField(200, 'Reason must be at most 200 characters').optional(),
});

/** docs/product.md 7: "used for both block and unblock": without `blocked` the call toggles. */
export const blockUserInput = userIdInput.extend({
  blocked: z.boolean({ error: 'Blocked must be true or false' }).optional(),
});

// The audit log's query lives beside the one list of its events.
export { auditLogQuery } from './audit.ts';

export { type UserStatus, userStatuses } from './enums.ts';

const day = calendarDayField('Dates are real days written YYYY-MM-DD');

/** docs/product.md 3, admin user list: role, status, searchQuery, startDate, endDate. */
export const userListQuery = paginationQuery.extend({
  searchQuery: textField(100).optional(),
  role: z.enum(userRoles, { error: 'Unknown role' }).optional(),
  status: z.enum(userStatuses, { error: 'Unknown status' }).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

/** All Banks (administrators): a page of every linked bank, searched by bank, owner or e-mail. */
export const bankListQuery = paginationQuery.extend({
  searchQuery: textField(100).optional(),
});
export type BankListQuery = z.output<typeof bankListQuery>;

/** A per-customer daily withdrawal limit in dollars; null follows the bank's setting. */
const withdrawalLimitField = inDollarBounds(
  z
    .number({ error: 'Withdrawal limit must be a number' })
    .positive('Withdrawal limit must be positive'),
  'Withdrawal limit is too large',
).nullable();

/** An administrator opens an account for someone; they choose their password by e-mail. */
export const createUserInput = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  email: emailField,
  phoneNumber: phoneNumberField,
  role: z.enum(userRoles, { error: 'Unknown role' }).default('user'),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** The fields an administrator may change (docs/product.md 7: name, phone, role, withdrawal limit). */
export const userChanges = z.object({
  firstName: nameField('First name is required').optional(),
  lastName: nameField('Last name is required').optional(),
  phoneNumber: phoneNumberField.optional(),
  role: z.enum(userRoles, { error: 'Unknown role' }).optional(),
  withdrawalLimit: withdrawalLimitField.optional(),
});
export const updateUserInput = userIdInput.extend(userChanges.shape);
export type UpdateUserInput = z.input<typeof updateUserInput>;

/** A percentage rate, step 0.1 in the form; stored in basis points. */
function rateField() {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || Number.isNaN(issue.input)
          ? 'Interest rate is required'
          : 'Interest rate must be a number',
    })
    .min(0, 'Interest rate cannot be negative')
    .max(100, 'Interest rate must be at most 100')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'Interest rate can have at most two decimal places',
    });
}

function limitField(label: string) {
  const required = `${label} is required`;
  const field = z
    .number({
      error: (issue) =>
        issue.input === undefined || Number.isNaN(issue.input)
          ? required
          : `${label} must be a number`,
    })
    .positive(`${label} must be positive`);
  return inDollarBounds(field, `${label} is too large`);
}

/** A quota: a whole number of 1 or more (README, Support quotas). */
function quotaField(label: string, max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || Number.isNaN(issue.input)
          ? `${label} is required`
          : `${label} must be a number`,
    })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);
}

/** What one customer may put into support: files by the megabyte, tickets, lines. */
export const supportQuotasInput = z.object({
  attachmentMbPerDay: quotaField('Attachment megabytes a day', 100_000),
  attachmentMbTotal: quotaField('Attachment megabytes in all', 1_000_000),
  ticketsPerMinute: quotaField('Tickets a minute', 1_000),
  ticketsPerDay: quotaField('Tickets a day', 100_000),
  chatMessagesPerMinute: quotaField('Chat messages a minute', 10_000),
});
export type SupportQuotas = z.output<typeof supportQuotasInput>;

/** Four eyes (docs/product.md, Approvals): what needs a second staff member. */
export const fourEyesInput = z.object({
  reversalAbove: limitField('Reversal approval amount'),
  loanApprovalAbove: limitField('Loan approval amount'),
  limitRaise: z.boolean({ error: 'Must be true or false' }),
  adminGrant: z.boolean({ error: 'Must be true or false' }),
  /** Lifting a freeze set because fraud is suspected; unchanged when left out. */
  freezeLift: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type FourEyes = z.output<typeof fourEyesInput>;

/** docs/product.md 3 (Admin settings) with docs/product.md 5's messages. */
export const bankSettingsInput = z.object({
  bankName: textField(100).pipe(z.string().min(1, 'Bank name is required')),
  /** Optional: a client that does not send it leaves the bank's routing number unchanged. */
  routingNumber: routingNumberField.optional(),
  supportEmail: textField(254)
    .pipe(z.string().min(1, 'Support email is required'))
    .pipe(z.email('Invalid email')),
  supportPhone: textField(32).pipe(z.string().min(1, 'Support phone is required')),
  transferLimit: limitField('Transfer limit'),
  withdrawalLimit: limitField('Withdrawal limit'),
  maintenanceMode: z.boolean({ error: 'Maintenance mode must be true or false' }),
  interestRates: z.object({
    savings: rateField(),
    loans: z.object({
      personal: rateField(),
      business: rateField(),
      mortgage: rateField(),
    }),
  }),
  /** Optional: a client that does not send them (docs/product.md's form) leaves them unchanged. */
  supportQuotas: supportQuotasInput.optional(),
  /** What a payee may receive in its first 24 hours; optional as the quotas are. */
  newPayeeLimit: limitField('New payee limit').optional(),
  /** Optional likewise: left unchanged when not sent. */
  fourEyes: fourEyesInput.optional(),
  /** Printed on statements and receipts; optional like the quotas. */
  bankAddress: textField(300).optional(),
  /** The zone the bank's days and months begin in (statements): an IANA name. */
  timeZone: textField(64)
    .pipe(
      z
        .string()
        .refine(isTimeZone, 'Time zone must be an IANA time zone, such as America/New_York'),
    )
    .optional(),
});

/** Whether the runtime knows `name` as a time zone (Intl refuses anything else). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export type BankSettingsInput = z.input<typeof bankSettingsInput>;
export type BankSettingsValues = z.output<typeof bankSettingsInput>;

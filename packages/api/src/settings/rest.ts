import { bankSettingsInput } from '@bank/validators/admin';
import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';

const rate = z.number();
const settingsSchema = z.object({
  bankName: z.string(),
  routingNumber: z.string().meta({ description: 'The bank’s ABA routing number (9 digits).' }),
  supportEmail: z.string(),
  supportPhone: z.string(),
  transferLimit: z.number(),
  withdrawalLimit: z.number(),
  maintenanceMode: z.boolean(),
  /** What a payee may receive in its first 24 hours, in dollars. */
  newPayeeLimit: z.number(),
  interestRates: z.object({
    savings: rate,
    loans: z.object({ personal: rate, business: rate, mortgage: rate }),
  }),
  supportQuotas: z.object({
    attachmentMbPerDay: z.number(),
    attachmentMbTotal: z.number(),
    ticketsPerMinute: z.number(),
    ticketsPerDay: z.number(),
    chatMessagesPerMinute: z.number(),
  }),
  fourEyes: z
    .object({
      reversalAbove: z.number(),
      loanApprovalAbove: z.number(),
      limitRaise: z.boolean(),
      adminGrant: z.boolean(),
      freezeLift: z.boolean(),
    })
    .meta({
      description:
        'What needs a second staff member: reversals and loan approvals above these amounts (dollars), raising a customer’s limit, granting the admin role, lifting a fraud freeze.',
    }),
  bankAddress: z.string(),
  timeZone: z.string(),
  updatedAt: z.string(),
});

export const settingsRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/bank',
    summary:
      'The bank’s profile: name, support e-mail and phone, and whether it is under maintenance (answered during maintenance too).',
    tag: 'Bank',
    access: 'signed-in',
    input: noInput,
    output: z.object({
      bankName: z.string(),
      supportEmail: z.string(),
      supportPhone: z.string(),
      maintenanceMode: z.boolean(),
    }),
    handle: ({ caller }) => caller.settings.public(),
  }),
  defineRoute({
    method: 'GET',
    path: '/admin/settings',
    summary:
      'The bank’s settings: identity, daily limits, interest rates, maintenance mode (admin).',
    tag: 'Admin',
    access: 'admin',
    input: noInput,
    output: settingsSchema,
    handle: ({ caller }) => caller.settings.get(),
  }),
  defineRoute({
    method: 'PUT',
    path: '/admin/settings',
    summary:
      'Change the bank’s settings (admin). Limits apply to the next transaction; maintenance mode shuts out everyone but administrators. `routingNumber` (optional: absent leaves it unchanged) must pass the ABA check digit, else 400 `Invalid routing number`.',
    tag: 'Admin',
    access: 'admin',
    input: bankSettingsInput,
    output: z.object({ message: z.string(), settings: settingsSchema }),
    handle: ({ caller, input }) => caller.settings.update(input),
  }),
];

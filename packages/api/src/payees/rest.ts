import { byIdInput } from '@bank/validators/money';
import { payeeInput, payeeUpdateInput, stepUpInput } from '@bank/validators/payees';
import { z } from 'zod';
import { defineRoute, noInput } from '../rest/define.ts';
import { payeeDtoSchema } from './service.ts';

const tag = 'Payees';

const stepUpNote =
  'Needs `code`: the current code of the authenticator app when two-factor authentication is on, otherwise the 6-digit code `POST /auth/step-up` e-mailed (10 minutes, once). Without a valid one it answers 403 with `code: STEP_UP_REQUIRED` and saves nothing.';

export const payeeRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth/step-up',
    summary: 'Ask for a second factor. For adding a payee or changing its account details.',
    description:
      'With two-factor authentication on, answers `method: totp` and sends nothing: use the app’s code. Otherwise e-mails a 6-digit code, valid 10 minutes, once (`method: email`). At most 5 a quarter of an hour per user: beyond that 429 with `Retry-After`, and no e-mail.',
    tag,
    access: 'customer',
    rateLimited: true,
    input: stepUpInput,
    example: { purpose: 'payee' },
    output: z.object({
      method: z.enum(['totp', 'email']),
      message: z.string(),
      expiresAt: z.string().nullable(),
    }),
    handle: ({ caller, input }) => caller.payees.stepUp(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/payees',
    summary: 'The customer’s saved payees, by name.',
    tag,
    access: 'customer',
    input: noInput,
    output: z.object({ data: z.array(payeeDtoSchema) }),
    handle: ({ caller }) => caller.payees.list(),
  }),
  defineRoute({
    method: 'POST',
    path: '/payees',
    summary:
      'Save a payee. An account of this bank (checked like the payee check) or another bank’s.',
    description: `An \`internal\` payee is an account of this bank: not your own, not a closed customer's; the name is compared with the holder's (\`confirmation\`). An \`external\` one takes \`routingNumber\` (ABA checksum) and \`accountNumber\`. Names are unique per customer whatever their case. ${stepUpNote}`,
    tag,
    access: 'customer',
    rateLimited: true,
    errors: [403],
    input: payeeInput,
    example: { bank: 'internal', name: 'Bob Smith', accountNumber: '412345678085', code: '123456' },
    output: z.object({ message: z.string(), payee: payeeDtoSchema }),
    successStatus: 201,
    handle: ({ caller, input }) => caller.payees.create(input),
  }),
  defineRoute({
    method: 'GET',
    path: '/payees/:id',
    summary: 'One saved payee.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ data: payeeDtoSchema }),
    handle: ({ caller, input }) => caller.payees.byId(input),
  }),
  defineRoute({
    method: 'PUT',
    path: '/payees/:id',
    summary:
      'Change a payee. Its name and daily limit freely; its account details with a second factor.',
    description: `Changing \`bank\`, \`accountNumber\` or \`routingNumber\` checks them again like a new payee's. ${stepUpNote}`,
    tag,
    access: 'customer',
    rateLimited: true,
    errors: [403],
    input: payeeUpdateInput,
    output: z.object({ message: z.string(), payee: payeeDtoSchema }),
    handle: ({ caller, input }) => caller.payees.update(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/payees/:id',
    summary: 'Remove a payee.',
    tag,
    access: 'customer',
    input: byIdInput,
    output: z.object({ message: z.string(), id: z.string() }),
    handle: ({ caller, input }) => caller.payees.remove(input),
  }),
];

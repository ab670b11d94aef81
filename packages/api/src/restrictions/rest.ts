import { freezeModes } from '@bank/db/enums';
import {
  freezeInput,
  holdIdInput,
  holdInput,
  restrictedAccountInput,
} from '@bank/validators/restrictions';
import { z } from 'zod';
import { approvalSchema } from '../approvals/approval-schema.ts';
import { defineRoute } from '../rest/define.ts';

const tag = 'Admin';

const holdSchema = z.object({
  id: z.uuid(),
  accountNumber: z.string(),
  amount: z.number(),
  reason: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  active: z.boolean().describe('Neither released nor past its expiry.'),
});

/** Freezes and holds: admin only, each audited and told to the customer. */
export const restrictionRestRoutes = [
  defineRoute({
    method: 'POST',
    path: '/admin/accounts/:accountNumber/freeze',
    summary:
      'Freeze an account (admin): `all` movement, `debits` or `credits` only, with a reason and an optional expiry. A refused movement answers 403 with reason `ACCOUNT_FROZEN`.',
    tag,
    access: 'admin',
    errors: [404],
    input: freezeInput,
    output: z.object({
      message: z.string(),
      freeze: z.object({
        accountNumber: z.string(),
        mode: z.enum(freezeModes),
        reason: z.string(),
        expiresAt: z.string().nullable(),
        frozenAt: z.string(),
        /** Set for suspected fraud: lifting it waits for a second administrator. */
        fraud: z.boolean(),
      }),
    }),
    handle: ({ caller, input }) => caller.restrictions.freeze(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/admin/accounts/:accountNumber/freeze',
    summary:
      'Lift an account’s freeze (admin); 409 when none is in force. A freeze set for suspected fraud (`fraud: true`) waits for a second administrator: 202 with the `approval`.',
    tag,
    access: 'admin',
    errors: [404, 409],
    input: restrictedAccountInput,
    output: z.object({ message: z.string() }),
    accepted: z.object({ message: z.string(), approval: approvalSchema }),
    handle: ({ caller, input }) => caller.restrictions.unfreeze(input),
  }),
  defineRoute({
    method: 'POST',
    path: '/admin/accounts/:accountNumber/holds',
    summary:
      'Hold an amount until `expiresAt` (admin): it stays in the balance but cannot leave; available = balance - holds. 409 when it exceeds the available balance.',
    tag,
    access: 'admin',
    errors: [404, 409],
    input: holdInput,
    output: z.object({ message: z.string(), hold: holdSchema }),
    successStatus: 201,
    handle: ({ caller, input }) => caller.restrictions.placeHold(input),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/admin/holds/:id',
    summary: 'Release a hold still in force (admin); 409 when released or expired already.',
    tag,
    access: 'admin',
    errors: [404, 409],
    input: holdIdInput,
    output: z.object({ message: z.string(), hold: holdSchema }),
    handle: ({ caller, input }) => caller.restrictions.releaseHold(input),
  }),
];

import { freezeModes } from '@bank/db/enums';
import { z } from 'zod';
import { requiredString } from './common.ts';
import { amountField } from './money.ts';

export { freezeModes };

/** An account as staff name it: the customer's account number in the path. */
export const restrictedAccountInput = z.object({
  accountNumber: requiredString('Account number is required').regex(
    /^[0-9]{10,12}$/,
    'Account not found',
  ),
});

const reasonField = requiredString('Reason is required')
  .min(3, 'Reason must be at least 3 characters')
  .max(500, 'Reason must be at most 500 characters');

/** An ISO date-time (with its offset), or a calendar day read as its end in UTC. */
const expiryField = z.iso
  .datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601)' })
  .or(z.iso.date({ error: 'Expiry must be a date and time (ISO 8601)' }));

/** POST /admin/accounts/{accountNumber}/freeze. */
export const freezeInput = restrictedAccountInput.extend({
  mode: z.enum(freezeModes, { error: 'Mode must be all, debits or credits' }),
  reason: reasonField,
  expiresAt: expiryField.optional(),
  /** Frozen because fraud is suspected: lifting it then needs a second administrator. */
  fraud: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type FreezeInput = z.input<typeof freezeInput>;

/** POST /admin/accounts/{accountNumber}/holds. */
export const holdInput = restrictedAccountInput.extend({
  amount: amountField,
  reason: reasonField,
  expiresAt: expiryField,
});
export type HoldInput = z.input<typeof holdInput>;

export const holdIdInput = z.object({ id: z.uuid('Hold not found') });

import { transactionListQuery } from '@bank/validators/money';
import { z } from 'zod';

const invalidCursor = 'Invalid cursor';

/**
 * A position in the customer's history, opaque to callers (base64url): the id of the last
 * transaction they were given. The next page starts strictly after it in the list's order.
 */
export function encodeHistoryCursor(transactionId: string): string {
  return Buffer.from(`t:${transactionId}`).toString('base64url');
}

const historyCursorField = z
  .string()
  .max(100, invalidCursor)
  .transform((value, ctx) => {
    const decoded = Buffer.from(value, 'base64url').toString('utf8');
    const id = decoded.startsWith('t:') ? decoded.slice(2) : '';
    if (!z.uuid().safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: invalidCursor });
      return z.NEVER;
    }
    return id;
  })
  .meta({
    description:
      'Where to continue: the `nextCursor` of the previous answer. With it, `page` is not used and rows that land meanwhile neither repeat nor shift the pages.',
  });

/** The customer's own list pages by offset (`page`, the web app's) or by `cursor`. */
export const ownTransactionListQuery = transactionListQuery.extend({
  cursor: historyCursorField.optional(),
});
export type OwnTransactionListQuery = z.infer<typeof ownTransactionListQuery>;

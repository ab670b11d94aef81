import type { Executor } from '@bank/db';
import { transactionCategories } from '@bank/db/schema';
import type { SetCategoryInput } from '@bank/validators/categories';
import { transactionById } from './history.ts';

/**
 * Files one of the customer's movements under a spending category, for them alone: the other
 * side of a transfer keeps their own filing. Written beside the ledger, never into it, so moving
 * money writes nothing for categories (docs/decisions/041-spending-categories.md). Another
 * customer's movement answers 'Transaction not found', as reading it does.
 */
export async function setCategory(db: Executor, userId: string, input: SetCategoryInput) {
  const transaction = await transactionById(db, userId, input.id);
  await db
    .insert(transactionCategories)
    .values({ userId, transactionId: input.id, category: input.category })
    .onConflictDoUpdate({
      target: [transactionCategories.userId, transactionCategories.transactionId],
      set: { category: input.category, updatedAt: new Date() },
    });
  return { ...transaction, category: input.category };
}

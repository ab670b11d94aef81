import { z } from 'zod';
import { byIdInput } from './money.ts';

/**
 * The spending categories a customer files their movements under: a small fixed catalogue,
 * because what a payment was for (groceries or dining) is not knowable from the ledger. The
 * order is the one the picker lists.
 */
export const spendingCategories = [
  'income',
  'transfers',
  'shopping',
  'groceries',
  'dining',
  'bills_utilities',
  'rent_housing',
  'travel',
  'entertainment',
  'health',
  'cash',
  'loans',
  'fees',
  'other',
] as const;
export type SpendingCategory = (typeof spendingCategories)[number];

/** What the customer reads for each category. */
export const spendingCategoryLabels: Record<SpendingCategory, string> = {
  income: 'Income',
  transfers: 'Transfers',
  shopping: 'Shopping',
  groceries: 'Groceries',
  dining: 'Dining',
  bills_utilities: 'Bills & utilities',
  rent_housing: 'Rent & housing',
  travel: 'Travel',
  entertainment: 'Entertainment',
  health: 'Health',
  cash: 'Cash',
  loans: 'Loans',
  fees: 'Fees',
  other: 'Other',
};

export const spendingCategoryField = z.enum(spendingCategories, {
  error: 'Choose a category from the list',
});

/** PUT /transactions/{id}/category: the customer's own filing of one of their movements. */
export const setCategoryInput = byIdInput.extend({ category: spendingCategoryField });
export type SetCategoryInput = z.infer<typeof setCategoryInput>;

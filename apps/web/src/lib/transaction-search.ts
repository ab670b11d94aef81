import { transactionStatuses, transactionTypes } from '@bank/validators/money';
import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = z.coerce.number().nonnegative();

/**
 * The history's filters and page, kept in the URL (STYLE.md 12). A value that does not parse
 * is dropped rather than breaking the page.
 */
export const transactionSearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  type: z.enum(transactionTypes).optional().catch(undefined),
  status: z.enum(transactionStatuses).optional().catch(undefined),
  startDate: isoDay.optional().catch(undefined),
  endDate: isoDay.optional().catch(undefined),
  minAmount: amount.optional().catch(undefined),
  maxAmount: amount.optional().catch(undefined),
});

export type TransactionSearch = z.output<typeof transactionSearch>;
export type TransactionFilterValues = Omit<TransactionSearch, 'page'>;

export const filterKeys = [
  'type',
  'status',
  'startDate',
  'endDate',
  'minAmount',
  'maxAmount',
] as const satisfies ReadonlyArray<keyof TransactionFilterValues>;

export function filtersOf(search: TransactionSearch): TransactionFilterValues {
  const { page: _page, ...filters } = search;
  return filters;
}

export function hasFilters(search: TransactionSearch): boolean {
  return filterKeys.some((key) => search[key] !== undefined);
}

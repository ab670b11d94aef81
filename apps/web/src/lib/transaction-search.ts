import { transactionStatuses, transactionTypes } from '@bank/validators/enums';
import { PAGE_SIZE } from './page-data.ts';
import {
  amountParam,
  enumParam,
  isoDayParam,
  pageParam,
  type SearchOutput,
  searchSchema,
  textParam,
} from './search-params.ts';

/**
 * The history's filters and page, kept in the URL (STYLE.md 12). A value that does not parse
 * is dropped rather than breaking the page.
 */
export const transactionSearch = searchSchema({
  page: pageParam,
  q: textParam,
  type: enumParam(transactionTypes),
  status: enumParam(transactionStatuses),
  startDate: isoDayParam,
  endDate: isoDayParam,
  minAmount: amountParam(),
  maxAmount: amountParam(),
});

export type TransactionSearch = SearchOutput<typeof transactionSearch>;
export type TransactionFilterValues = Omit<TransactionSearch, 'page'>;

export const filterKeys = [
  'q',
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

/** The history's query for a search: its filters and page (the page and its loader share it). */
export function transactionListInput(search: TransactionSearch) {
  return { ...filtersOf(search), page: search.page ?? 1, limit: PAGE_SIZE };
}

export function hasFilters(search: TransactionSearch): boolean {
  return filterKeys.some((key) => search[key] !== undefined);
}

/** GET /api/v1/transactions/export with the filters: the server streams every matching row. */
export function exportHref(filters: TransactionFilterValues): string {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return `/api/v1/transactions/export${text ? `?${text}` : ''}`;
}

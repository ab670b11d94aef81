import { PAGE_SIZE } from '../../lib/page-data.ts';
import { pageParam, type SearchOutput, searchSchema, textParam } from '../../lib/search-params.ts';

/** All Banks' search and page, kept in the URL; a value that does not parse is dropped. */
export const bankSearch = searchSchema({ page: pageParam, searchQuery: textParam });
export type BankSearch = SearchOutput<typeof bankSearch>;

/** The list's query for a search (the page and its loader share it). */
export function bankListInput(search: BankSearch) {
  return { ...search, page: search.page ?? 1, limit: PAGE_SIZE };
}

import { userRoles, userStatuses } from '@bank/validators/enums';
import { PAGE_SIZE } from '../../lib/page-data.ts';
import {
  enumParam,
  isoDayParam,
  pageParam,
  type SearchOutput,
  searchSchema,
  textParam,
} from '../../lib/search-params.ts';

/**
 * The user list's search, filters and page, kept in the URL; a value that does not parse is
 * dropped. Apart from the page so that the route's search parsing does not pull it into the entry.
 */
export const userSearch = searchSchema({
  page: pageParam,
  searchQuery: textParam,
  role: enumParam(userRoles),
  status: enumParam(userStatuses),
  startDate: isoDayParam,
  endDate: isoDayParam,
});
export type UserSearch = SearchOutput<typeof userSearch>;

/** The user list's query for a search (the page and its loader share it). */
export function userListInput(search: UserSearch) {
  return { ...search, page: search.page ?? 1, limit: PAGE_SIZE };
}

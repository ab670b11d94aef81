import { loanStatuses, loanTypes } from '@bank/validators/enums';
import {
  amountParam,
  enumParam,
  isoDayParam,
  pageParam,
  type SearchOutput,
  searchSchema,
} from '../../lib/search-params.ts';

/**
 * The loan list's filters and page, kept in the URL; a value that does not parse is dropped.
 * Apart from the page so that the route's search parsing does not pull the page into the entry.
 */
export const loanSearch = searchSchema({
  page: pageParam,
  status: enumParam(loanStatuses),
  type: enumParam(loanTypes),
  startDate: isoDayParam,
  endDate: isoDayParam,
  minAmount: amountParam({ positive: true }),
  maxAmount: amountParam({ positive: true }),
});
export type LoanSearch = SearchOutput<typeof loanSearch>;

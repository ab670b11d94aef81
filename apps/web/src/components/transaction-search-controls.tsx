import { Button } from '@chakra-ui/react';
import { useCallback, useId, useState } from 'react';
import { LuFilter } from 'react-icons/lu';
import {
  filtersOf,
  hasFilters,
  type TransactionFilterValues,
  type TransactionSearch,
} from '../lib/transaction-search.ts';
import { HistorySearchBox } from './history-search-box.tsx';
import { TransactionFilters } from './transaction-filters.tsx';

/**
 * A transaction list's search box and filters, kept in the URL by its page: the Filter button
 * that shows or hides the filters (shown at first when some are set), the box, and the panel.
 * A change goes back to the first page.
 */
export function useTransactionSearchControls(
  search: TransactionSearch,
  onSearchChange: (next: TransactionSearch) => void,
) {
  const filters = filtersOf(search);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(() => hasFilters(search));
  // Stable while the search stands: the box restarts its pause whenever this changes.
  const commitSearch = useCallback(
    (q: string | undefined) => onSearchChange({ ...search, q, page: 1 }),
    [search, onSearchChange],
  );
  const changeFilters = (next: TransactionFilterValues) => onSearchChange({ ...next, page: 1 });
  return {
    filters,
    filtersOpen,
    filterButton: (
      <Button
        variant="outline"
        aria-expanded={filtersOpen}
        aria-controls={filtersOpen ? filtersId : undefined}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <LuFilter aria-hidden="true" /> Filter
      </Button>
    ),
    searchBox: <HistorySearchBox value={search.q} onCommit={commitSearch} />,
    filterPanel: filtersOpen ? (
      <TransactionFilters id={filtersId} values={filters} onChange={changeFilters} />
    ) : null,
  };
}

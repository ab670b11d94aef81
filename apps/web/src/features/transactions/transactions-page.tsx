import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useState } from 'react';
import { LuDownload, LuFilter, LuSend } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { HistorySearchBox } from '../../components/history-search-box.tsx';
import { TransactionFilters } from '../../components/transaction-filters.tsx';
import { TransactionList } from '../../components/transaction-list.tsx';
import { useArrivalMessage } from '../../lib/arrival-message.ts';
import { errorMessage } from '../../lib/errors.ts';
import {
  exportHref,
  filtersOf,
  hasFilters,
  type TransactionFilterValues,
  type TransactionSearch,
  transactionListInput,
} from '../../lib/transaction-search.ts';
import { trpc } from '../../lib/trpc.ts';

/** docs/product.md 2.11: filters, server pagination, CSV export; an error replaces the page. */
export function TransactionsPage(props: {
  search: TransactionSearch;
  onSearchChange: (next: TransactionSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const filters = filtersOf(search);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(() => hasFilters(search));
  useArrivalMessage();

  const list = trpc.transactions.list.useQuery(transactionListInput(search), {
    placeholderData: keepPreviousData,
  });

  const changeFilters = (next: TransactionFilterValues) => onSearchChange({ ...next, page: 1 });
  const goToPage = (next: number) => onSearchChange({ ...search, page: next });
  const commitSearch = useCallback(
    (q: string | undefined) => onSearchChange({ ...search, q, page: 1 }),
    [search, onSearchChange],
  );

  const heading = (
    <Heading as="h1" size="2xl">
      Transactions
    </Heading>
  );

  if (list.isError) {
    return (
      <Stack gap="6">
        {heading}
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch transactions')}</ErrorAlert>
      </Stack>
    );
  }

  const data = list.data;
  const first = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? (data.page - 1) * data.limit + data.count : 0;

  return (
    <Stack gap="6">
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} wrap="wrap">
        <Box flex="1" minW="48">
          {heading}
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? filtersId : undefined}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <LuFilter aria-hidden="true" /> Filter
          </Button>
          {/* The server streams every matching row; the browser saves it as it arrives. */}
          <Button asChild variant="outline">
            <a href={exportHref(filters)} download>
              <LuDownload aria-hidden="true" /> Export CSV
            </a>
          </Button>
          <Button asChild>
            <Link to="/transfer">
              <LuSend aria-hidden="true" /> New Transfer
            </Link>
          </Button>
        </HStack>
      </Flex>

      <HistorySearchBox value={search.q} onCommit={commitSearch} />

      {filtersOpen ? (
        <TransactionFilters id={filtersId} values={filters} onChange={changeFilters} />
      ) : null}

      <Card.Root variant="outline">
        <Card.Body p="2" aria-busy={list.isFetching}>
          {!data ? (
            <Stack gap="3" p="2" role="status" aria-label="Loading transactions">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} height="12" />
              ))}
            </Stack>
          ) : data.data.length === 0 ? (
            <Stack align="center" gap="2" p="8" textAlign="center">
              <Text fontWeight="medium">No transactions found</Text>
              <Text color="fg.muted" fontSize="sm">
                {hasFilters(search)
                  ? 'Try other words or filters, or clear them to see everything.'
                  : 'Your transfers, deposits and withdrawals will appear here.'}
              </Text>
            </Stack>
          ) : (
            <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
              <TransactionList
                transactions={data.data}
                label="Transactions"
                byDay={{ now: new Date() }}
              />
            </Box>
          )}
        </Card.Body>
      </Card.Root>

      {data && data.total > 0 ? (
        <Flex
          as="nav"
          aria-label="Pagination"
          gap="3"
          align="center"
          justify="space-between"
          wrap="wrap"
        >
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {`Showing ${first} to ${last} of ${data.total} results`}
          </Text>
          <HStack gap="2">
            <Button
              variant="outline"
              size="sm"
              disabled={data.page <= 1}
              onClick={() => goToPage(data.page - 1)}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={data.page >= data.pages}
              onClick={() => goToPage(data.page + 1)}
            >
              Next
            </Button>
          </HStack>
        </Flex>
      ) : null}
      {hasFilters(search) && !filtersOpen ? (
        <Text fontSize="sm" color="fg.muted">
          Filters are applied.{' '}
          <ChakraLink asChild variant="underline">
            <Link to="/transactions">Clear filters</Link>
          </ChakraLink>
        </Text>
      ) : null}
    </Stack>
  );
}

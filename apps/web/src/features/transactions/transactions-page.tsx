import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuSend } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { Pagination } from '../../components/data-table.tsx';
import { EmptyList } from '../../components/list-states.tsx';
import { SkeletonRows } from '../../components/skeleton-rows.tsx';
import { TransactionList } from '../../components/transaction-list.tsx';
import { useTransactionSearchControls } from '../../components/transaction-search-controls.tsx';
import { useArrivalMessage } from '../../lib/arrival-message.ts';
import { errorMessage } from '../../lib/errors.ts';
import {
  exportHref,
  hasFilters,
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
  const controls = useTransactionSearchControls(search, onSearchChange);
  const { filters } = controls;
  useArrivalMessage();

  const list = trpc.transactions.list.useQuery(transactionListInput(search), {
    placeholderData: keepPreviousData,
  });

  const goToPage = (next: number) => onSearchChange({ ...search, page: next });

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

  return (
    <Stack gap="6">
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} wrap="wrap">
        <Box flex="1" minW="48">
          {heading}
        </Box>
        <HStack gap="2" wrap="wrap">
          {controls.filterButton}
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

      {controls.searchBox}

      {controls.filterPanel}

      <Card.Root variant="outline">
        <Card.Body p="2" aria-busy={list.isFetching}>
          {!data ? (
            <SkeletonRows label="Loading transactions" rows={4} height="12" padding="2" />
          ) : data.data.length === 0 ? (
            <EmptyList
              title="No transactions found"
              hint={
                hasFilters(search)
                  ? 'Try other words or filters, or clear them to see everything.'
                  : 'Your transfers, deposits and withdrawals will appear here.'
              }
            />
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
        <Pagination
          page={data.page}
          limit={data.limit}
          count={data.count}
          total={data.total}
          hasNext={data.page < data.pages}
          onPage={goToPage}
        />
      ) : null}
      {hasFilters(search) && !controls.filtersOpen ? (
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

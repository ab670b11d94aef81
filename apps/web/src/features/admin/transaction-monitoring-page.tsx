import { Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LuFilter } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { TransactionStatusBadge } from '../../components/money.tsx';
import { TransactionFilters } from '../../components/transaction-filters.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import {
  filtersOf,
  hasFilters,
  type TransactionFilterValues,
  type TransactionSearch,
} from '../../lib/transaction-search.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, Pagination, ScrollTable } from './admin-table.tsx';

const PAGE_SIZE = 10;

type MonitoredTransaction = RouterOutputs['transactions']['all']['data'][number];

/** The sender's name and e-mail; a deposit comes from outside the bank, else nobody is known. */
function SenderCell({ transaction }: { transaction: MonitoredTransaction }) {
  const { sender } = transaction;
  if (!sender) {
    return <Text color="fg.muted">{transaction.type === 'deposit' ? 'External' : '—'}</Text>;
  }
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{`${sender.firstName} ${sender.lastName}`}</Text>
      {sender.email ? (
        <Text fontSize="xs" color="fg.muted">
          {sender.email}
        </Text>
      ) : null}
    </Stack>
  );
}

/** SPEC.md 2.26: every customer's transactions, filtered and paged on the server. */
export function TransactionMonitoringPage(props: {
  search: TransactionSearch;
  onSearchChange: (next: TransactionSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const page = search.page ?? 1;
  const filters = filtersOf(search);
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(() => hasFilters(search));

  const list = trpc.transactions.all.useQuery(
    { ...filters, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );

  const changeFilters = (next: TransactionFilterValues) => onSearchChange({ ...next, page: 1 });
  const data = list.data;

  return (
    <Stack gap="6">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl" flex="1" minW="48">
          Transaction Monitoring
        </Heading>
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? filtersId : undefined}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <LuFilter aria-hidden="true" /> Filter
        </Button>
      </Flex>

      {filtersOpen ? (
        <TransactionFilters id={filtersId} values={filters} onChange={changeFilters} />
      ) : null}

      {list.isError ? (
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch transactions')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading transactions" />
      ) : data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList
            title="No transactions found"
            hint={hasFilters(search) ? 'Try other filters, or clear them.' : undefined}
          />
        </Box>
      ) : (
        <>
          <ScrollTable label="Transactions" busy={list.isPlaceholderData}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Sender</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.data.map((transaction) => (
                <Table.Row key={transaction.id}>
                  <Table.Cell>
                    <SenderCell transaction={transaction} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{humanize(transaction.type)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                    {formatMoney(transaction.amount)}
                  </Table.Cell>
                  <Table.Cell>
                    <TransactionStatusBadge status={transaction.status} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(transaction.createdAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Pagination
            page={data.page}
            limit={data.limit}
            count={data.count}
            total={data.total}
            hasNext={data.page < data.pages}
            onPage={(next) => onSearchChange({ ...search, page: next })}
          />
        </>
      )}
    </Stack>
  );
}

import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { LuFilter, LuUndo2 } from 'react-icons/lu';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { HistorySearchBox } from '../../components/history-search-box.tsx';
import { TransactionStatusBadge } from '../../components/money.tsx';
import { TransactionFilters } from '../../components/transaction-filters.tsx';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import {
  filtersOf,
  hasFilters,
  type TransactionFilterValues,
  type TransactionSearch,
} from '../../lib/transaction-search.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { canReverse, ReverseDialog } from './reverse-dialog.tsx';

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

/** Who received the money: the name it went to and the account's last four, when it went to one. */
function RecipientCell({ transaction }: { transaction: MonitoredTransaction }) {
  const { recipientName, recipientAccountNumber } = transaction;
  if (!recipientName) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{recipientName}</Text>
      {recipientAccountNumber ? (
        <Text fontSize="xs" color="fg.muted">
          {`••${recipientAccountNumber.slice(-4)}`}
        </Text>
      ) : null}
    </Stack>
  );
}

function columnsWith(
  onReverse: (row: MonitoredTransaction) => void,
): Column<MonitoredTransaction>[] {
  return [
    { header: 'Sender', cell: (transaction) => <SenderCell transaction={transaction} /> },
    { header: 'Recipient', cell: (transaction) => <RecipientCell transaction={transaction} /> },
    {
      header: 'Type',
      cell: (transaction) => humanize(transaction.type),
      cellProps: cellStyles.nowrap,
    },
    {
      header: 'Amount',
      headerProps: { textAlign: 'end' },
      cell: (transaction) => formatMoney(transaction.amount),
      cellProps: cellStyles.figure,
    },
    {
      header: 'Status',
      cell: (transaction) => <TransactionStatusBadge status={transaction.status} />,
    },
    {
      header: 'Date',
      cell: (transaction) => formatDate(transaction.createdAt),
      cellProps: cellStyles.nowrap,
    },
    {
      header: 'Actions',
      cell: (transaction) =>
        canReverse(transaction) ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`${transaction.status === 'pending' ? 'Void' : 'Reverse'} ${transaction.description}`}
            onClick={() => onReverse(transaction)}
          >
            <LuUndo2 aria-hidden="true" /> {transaction.status === 'pending' ? 'Void' : 'Reverse'}
          </Button>
        ) : transaction.reversedAmount > 0 ? (
          <Badge colorPalette="orange">{`Reversed ${formatMoney(transaction.reversedAmount)}`}</Badge>
        ) : null,
    },
  ];
}

/** docs/product.md 2.26: every customer's transactions, filtered and paged on the server. */
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

  const [reversing, setReversing] = useState<MonitoredTransaction | null>(null);
  const changeFilters = (next: TransactionFilterValues) => onSearchChange({ ...next, page: 1 });
  // Stable while the search stands: the box restarts its pause whenever this changes.
  const commitSearch = useCallback(
    (q: string | undefined) => onSearchChange({ ...search, q, page: 1 }),
    [search, onSearchChange],
  );
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

      <HistorySearchBox value={search.q} onCommit={commitSearch} />

      {filtersOpen ? (
        <TransactionFilters id={filtersId} values={filters} onChange={changeFilters} />
      ) : null}

      <ListTable
        label="Transactions"
        query={list}
        rows={data?.data}
        columns={columnsWith(setReversing)}
        rowKey={(transaction) => transaction.id}
        loadingLabel="Loading transactions"
        failedMessage="Failed to fetch transactions"
        empty={{
          title: 'No transactions found',
          hint: hasFilters(search) ? 'Try other filters, or clear them.' : undefined,
        }}
        pagination={
          data && {
            page: data.page,
            limit: data.limit,
            total: data.total,
            hasNext: data.page < data.pages,
            onPage: (next) => onSearchChange({ ...search, page: next }),
          }
        }
      />
      <ReverseDialog movement={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}

import { Badge, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { TransactionStatusBadge } from '../../components/money.tsx';
import { useTransactionSearchControls } from '../../components/transaction-search-controls.tsx';
import { formatMoney, humanize } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/page-data.ts';
import { hasFilters, type TransactionSearch } from '../../lib/transaction-search.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { filteredEmpty } from './filtered-empty.ts';
import { NameAndDetail } from './name-and-detail.tsx';
import { PageHeadingWithActions } from './page-heading.tsx';
import { canReverse, ReverseDialog } from './reverse-dialog.tsx';
import { dateColumn, figureColumn } from './table-columns.tsx';

type MonitoredTransaction = RouterOutputs['transactions']['all']['data'][number];

/** The sender's name and e-mail; a deposit comes from outside the bank, else nobody is known. */
function SenderCell({ transaction }: { transaction: MonitoredTransaction }) {
  const { sender } = transaction;
  if (!sender) {
    return <Text color="fg.muted">{transaction.type === 'deposit' ? 'External' : '—'}</Text>;
  }
  return <NameAndDetail name={`${sender.firstName} ${sender.lastName}`} detail={sender.email} />;
}

/** Who received the money: the name it went to and the account's last four, when it went to one. */
function RecipientCell({ transaction }: { transaction: MonitoredTransaction }) {
  const { recipientName, recipientAccountNumber } = transaction;
  if (!recipientName) return <Text color="fg.muted">—</Text>;
  return (
    <NameAndDetail
      name={recipientName}
      detail={recipientAccountNumber ? `••${recipientAccountNumber.slice(-4)}` : null}
    />
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
    figureColumn('Amount', (transaction) => formatMoney(transaction.amount)),
    {
      header: 'Status',
      cell: (transaction) => <TransactionStatusBadge status={transaction.status} />,
    },
    dateColumn('Date', (transaction) => transaction.createdAt),
    {
      header: 'Actions',
      cell: (transaction) =>
        canReverse(transaction) ? (
          <DangerRowButton
            aria-label={`${transaction.status === 'pending' ? 'Void' : 'Reverse'} ${transaction.description}`}
            onClick={() => onReverse(transaction)}
          >
            <LuUndo2 aria-hidden="true" /> {transaction.status === 'pending' ? 'Void' : 'Reverse'}
          </DangerRowButton>
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
  const controls = useTransactionSearchControls(search, onSearchChange);
  const { filters } = controls;

  const list = trpc.transactions.all.useQuery(
    { ...filters, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );

  const [reversing, setReversing] = useState<MonitoredTransaction | null>(null);
  const data = list.data;

  return (
    <Stack gap="6">
      <PageHeadingWithActions title="Transaction Monitoring">
        {controls.filterButton}
      </PageHeadingWithActions>

      {controls.searchBox}

      {controls.filterPanel}

      <ListTable
        label="Transactions"
        query={list}
        rows={data?.data}
        columns={columnsWith(setReversing)}
        rowKey={(transaction) => transaction.id}
        loadingLabel="Loading transactions"
        failedMessage="Failed to fetch transactions"
        empty={filteredEmpty('No transactions found', hasFilters(search))}
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

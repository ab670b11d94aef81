import { Heading, Stack } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { type Column, ListTable, pagingOf } from '../../components/data-table.tsx';
import { type FilterField, SearchFilters } from '../../components/search-filters.tsx';
import { humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { type BankSearch, bankListInput } from './bank-search.ts';
import { NameAndDetail } from './name-and-detail.tsx';
import { dateColumn } from './table-columns.tsx';

type LinkedBank = RouterOutputs['banks']['all']['data'][number];

const filters: FilterField<BankSearch>[] = [
  {
    key: 'searchQuery',
    label: 'Search',
    type: 'search',
    placeholder: 'Bank, routing number, last four or owner',
  },
];

const mono = { fontFamily: 'mono', whiteSpace: 'nowrap' } as const;

const columns: Column<LinkedBank>[] = [
  { header: 'Bank', cell: (bank) => bank.name, cellProps: { fontWeight: 'medium' } },
  { header: 'Account number', cell: (bank) => bank.maskedAccountNumber, cellProps: mono },
  { header: 'Routing number', cell: (bank) => bank.routingNumber, cellProps: mono },
  { header: 'Account type', cell: (bank) => humanize(bank.accountType) },
  {
    header: 'Owner',
    cell: (bank) => (
      <NameAndDetail
        name={`${bank.user.firstName} ${bank.user.lastName}`}
        detail={bank.user.email}
      />
    ),
  },
  dateColumn('Linked', (bank) => bank.createdAt),
];

/**
 * docs/product.md 2.30 / docs/architecture.md 5: every customer's linked bank, newest first,
 * searched by bank, routing number, last four, owner or e-mail, in server pages.
 */
export function AllBanksPage(props: {
  search: BankSearch;
  onSearchChange: (next: BankSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const banks = trpc.banks.all.useQuery(bankListInput(search), {
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        All Banks
      </Heading>
      <SearchFilters search={search} onChange={onSearchChange} fields={filters} columns={2} />
      <ListTable
        label="Linked banks"
        query={banks}
        rows={banks.data?.data}
        columns={columns}
        rowKey={(bank) => bank.id}
        loadingLabel="Loading banks"
        failedMessage="Error loading banks"
        errorTitle="Error loading banks"
        empty={{
          title: 'No banks found',
          hint: search.searchQuery ? 'Try another search, or clear it.' : undefined,
        }}
        pagination={pagingOf(banks.data, (page) => onSearchChange({ ...search, page }))}
      />
    </Stack>
  );
}

import { Heading, Stack, Text } from '@chakra-ui/react';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { formatDate, humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type LinkedBank = RouterOutputs['banks']['all']['data'][number];

const mono = { fontFamily: 'mono', whiteSpace: 'nowrap' } as const;

const columns: Column<LinkedBank>[] = [
  { header: 'Bank', cell: (bank) => bank.name, cellProps: { fontWeight: 'medium' } },
  { header: 'Account number', cell: (bank) => bank.maskedAccountNumber, cellProps: mono },
  { header: 'Routing number', cell: (bank) => bank.routingNumber, cellProps: mono },
  { header: 'Account type', cell: (bank) => humanize(bank.accountType) },
  {
    header: 'Owner',
    cell: (bank) => (
      <Stack gap="0">
        <Text fontWeight="medium">{`${bank.user.firstName} ${bank.user.lastName}`}</Text>
        <Text fontSize="xs" color="fg.muted">
          {bank.user.email}
        </Text>
      </Stack>
    ),
  },
  { header: 'Linked', cell: (bank) => formatDate(bank.createdAt), cellProps: cellStyles.nowrap },
];

/** docs/product.md 2.30 / docs/architecture.md 5: every customer's linked bank, newest first. */
export function AllBanksPage() {
  const banks = trpc.banks.all.useQuery();

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        All Banks
      </Heading>
      <ListTable
        label="Linked banks"
        query={banks}
        rows={banks.data?.data}
        columns={columns}
        rowKey={(bank) => bank.id}
        loadingLabel="Loading banks"
        failedMessage="Error loading banks"
        errorTitle="Error loading banks"
        empty={{ title: 'No banks found' }}
      />
    </Stack>
  );
}

import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, humanize } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { EmptyList, ListSpinner, ScrollTable } from './admin-table.tsx';

/** SPEC.md 2.30 / DESIGN.md 5: every customer's linked bank, newest first. */
export function AllBanksPage() {
  const banks = trpc.banks.all.useQuery();

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        All Banks
      </Heading>
      {banks.isError ? (
        <ErrorAlert title="Error loading banks">
          {errorMessage(banks.error, 'Error loading banks')}
        </ErrorAlert>
      ) : !banks.data ? (
        <ListSpinner label="Loading banks" />
      ) : banks.data.data.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3">
          <EmptyList title="No banks found" />
        </Box>
      ) : (
        <ScrollTable label="Linked banks">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Bank</Table.ColumnHeader>
              <Table.ColumnHeader>Account number</Table.ColumnHeader>
              <Table.ColumnHeader>Routing number</Table.ColumnHeader>
              <Table.ColumnHeader>Account type</Table.ColumnHeader>
              <Table.ColumnHeader>Owner</Table.ColumnHeader>
              <Table.ColumnHeader>Linked</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {banks.data.data.map((bank) => (
              <Table.Row key={bank.id}>
                <Table.Cell fontWeight="medium">{bank.name}</Table.Cell>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                  {bank.maskedAccountNumber}
                </Table.Cell>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                  {bank.routingNumber}
                </Table.Cell>
                <Table.Cell>{humanize(bank.accountType)}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0">
                    <Text fontWeight="medium">{`${bank.user.firstName} ${bank.user.lastName}`}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {bank.user.email}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(bank.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

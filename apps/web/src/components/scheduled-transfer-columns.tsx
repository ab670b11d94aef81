import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format.ts';
import { type Column, cellStyles } from './data-table.tsx';

type ScheduledTransferRow = { description: string | null; amount: number };

/**
 * The first columns of a scheduled-transfers table, the customer's and the staff's alike: the
 * payee (as `payee` shows it) with the transfer's description under it, then the amount.
 */
export function payeeAndAmountColumns<Row extends ScheduledTransferRow>(
  payee: (row: Row) => ReactNode,
): Column<Row>[] {
  return [
    {
      header: 'Payee',
      cell: (row) => (
        <Stack gap="0">
          {payee(row)}
          {row.description ? (
            <Text fontSize="sm" color="fg.muted">
              {row.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { header: 'Amount', cell: (row) => formatMoney(row.amount), cellProps: cellStyles.figure },
  ];
}

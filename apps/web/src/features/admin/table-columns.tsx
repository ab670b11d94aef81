import type { TableCellProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type Column, cellStyles } from '../../components/data-table.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';

type When = Date | string | number;

/** A day, kept on one line. */
export function dateColumn<Row>(header: string, when: (row: Row) => When): Column<Row> {
  return { header, cell: (row) => formatDate(when(row)), cellProps: cellStyles.nowrap };
}

/** A day and time, kept on one line. */
export function dateTimeColumn<Row>(header: string, when: (row: Row) => When): Column<Row> {
  return { header, cell: (row) => formatDateTime(when(row)), cellProps: cellStyles.nowrap };
}

/** A figure (a sum, a count) right-aligned under a right-aligned header. */
export function figureColumn<Row>(header: string, cell: (row: Row) => ReactNode): Column<Row> {
  return { header, headerProps: { textAlign: 'end' }, cell, cellProps: cellStyles.figure };
}

/** A row's buttons; the column is named for screen readers only. */
export function actionsColumn<Row>(
  cell: (row: Row) => ReactNode,
  cellProps?: TableCellProps,
): Column<Row> {
  return { header: 'Actions', hideHeader: true, cell, cellProps };
}

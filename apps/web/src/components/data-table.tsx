import {
  Box,
  Card,
  Flex,
  HStack,
  Table,
  type TableCellProps,
  type TableColumnHeaderProps,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { ErrorAlert } from './alerts.tsx';
import { EmptyList, ListSpinner } from './list-states.tsx';
import { PageButtons } from './page-buttons.tsx';

/**
 * A bordered box whose table scrolls sideways on a narrow screen instead of widening the page.
 * The scroll area is focusable and named, so keyboard users can scroll it too (axe
 * scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" overflow="hidden" aria-busy={busy}>
      <Table.ScrollArea
        role="region"
        aria-label={label}
        tabIndex={0}
        focusRingOffset="-2px"
        opacity={busy ? 0.6 : 1}
        transition="opacity 0.15s"
      >
        <Table.Root size="sm" striped={false} aria-label={label}>
          {children}
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}

export interface PaginationProps {
  page: number;
  limit: number;
  count: number;
  total: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z results' with Previous and Next (docs/product.md 2.11, 2.25). */
export function Pagination(props: PaginationProps) {
  const { page, limit, count, total, hasNext, onPage } = props;
  const first = total > 0 && count > 0 ? (page - 1) * limit + 1 : 0;
  const last = count > 0 ? (page - 1) * limit + count : 0;
  return (
    <Flex
      as="nav"
      aria-label="Pagination"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
    >
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {`Showing ${first} to ${last} of ${total} results`}
      </Text>
      <HStack gap="2">
        <PageButtons page={page} hasNext={hasNext} onPage={onPage} />
      </HStack>
    </Flex>
  );
}

/** One column of a table: its header, what a row shows in it, and how the cell is set. */
export interface Column<Row> {
  header: string;
  /** Read to screen readers only (an actions column needs a name, not a visible one). */
  hideHeader?: boolean;
  headerProps?: TableColumnHeaderProps;
  cell: (row: Row) => ReactNode;
  cellProps?: TableCellProps | ((row: Row) => TableCellProps);
}

/** Cell settings shared by many columns. */
export const cellStyles = {
  nowrap: { whiteSpace: 'nowrap' },
  /** Figures right-aligned on one line, digits in columns. */
  figure: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
} satisfies Record<string, TableCellProps>;

/** An address in monospace, or a dash when none was recorded. */
export function addressColumn<Row>(ip: (row: Row) => string | null, missing = '—'): Column<Row> {
  return {
    header: 'Address',
    cell: (row) => ip(row) ?? missing,
    cellProps: (row) => ({ fontFamily: ip(row) ? 'mono' : undefined, whiteSpace: 'nowrap' }),
  };
}

/** A page of a server list as the API answers it (docs/product.md 2.25). */
interface ServerPage {
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/** The pager under a server list, once its first page has come. */
export function pagingOf(
  data: ServerPage | undefined,
  onPage: (page: number) => void,
): Omit<PaginationProps, 'count'> | undefined {
  if (!data) return undefined;
  return { page: data.page, limit: data.limit, total: data.total, hasNext: data.hasMore, onPage };
}

/** A table drawn from its columns: a header row, then one row per item. */
export function DataTable<Row>(props: {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  busy?: boolean;
}) {
  const { columns } = props;
  return (
    <ScrollTable label={props.label} busy={props.busy}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column.header} {...column.headerProps}>
              {column.hideHeader ? <Box srOnly>{column.header}</Box> : column.header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.rows.map((row) => (
          <Table.Row key={props.rowKey(row)}>
            {columns.map((column) => (
              <Table.Cell
                key={column.header}
                {...(typeof column.cellProps === 'function'
                  ? column.cellProps(row)
                  : column.cellProps)}
              >
                {column.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

/** What a list's query tells its screen: whether it failed, and whether it shows old data. */
export interface ListQuery {
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
}

/**
 * A server list in one of its four states: the error, a spinner until the first page comes,
 * the empty box, or the table with its pages.
 */
export function ListTable<Row>(props: {
  label: string;
  query: ListQuery;
  /** Undefined until the first answer. */
  rows: readonly Row[] | undefined;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  loadingLabel: string;
  failedMessage: string;
  errorTitle?: string;
  empty: { title: string; hint?: string };
  pagination?: Omit<PaginationProps, 'count'>;
}) {
  const { query, rows, pagination } = props;
  if (query.isError) {
    return (
      <ErrorAlert title={props.errorTitle}>
        {errorMessage(query.error, props.failedMessage)}
      </ErrorAlert>
    );
  }
  if (!rows) return <ListSpinner label={props.loadingLabel} />;
  if (rows.length === 0) {
    return (
      <Box borderWidth="1px" borderRadius="l3">
        <EmptyList title={props.empty.title} hint={props.empty.hint} />
      </Box>
    );
  }
  return (
    <>
      <DataTable
        label={props.label}
        rows={rows}
        columns={props.columns}
        rowKey={props.rowKey}
        busy={query.isPlaceholderData}
      />
      {pagination ? <Pagination {...pagination} count={rows.length} /> : null}
    </>
  );
}

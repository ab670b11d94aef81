import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SectionCard } from '../../components/section-card.tsx';

interface RowsTableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  empty: ReactNode;
}

/** A section's rows as a table keyed by their ids, or the section's empty words when it has none. */
export function RowsTable<Row extends { id: string }>(props: RowsTableProps<Row>) {
  if (props.rows.length === 0) return props.empty;
  const rowKey = (row: Row) => row.id;
  return (
    <DataTable label={props.label} rows={props.rows} columns={props.columns} rowKey={rowKey} />
  );
}

/** A titled section of rows; the table is named after the section unless `label` says otherwise. */
export function TableSection<Row extends { id: string }>(
  props: Omit<RowsTableProps<Row>, 'label'> & { title: string; label?: string; action?: ReactNode },
) {
  const { title, label = title, action, ...table } = props;
  return (
    <SectionCard title={title} action={action}>
      <RowsTable label={label} {...table} />
    </SectionCard>
  );
}

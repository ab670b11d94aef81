import { type AuditEvent, auditEventLabels, auditEvents } from '@bank/validators/audit-events';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  addressColumn,
  type Column,
  cellStyles,
  ListTable,
  pagingOf,
} from '../../components/data-table.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { FilterGrid } from '../../components/search-filters.tsx';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { auditEntryLabel, isFailureEvent } from './audit-events.ts';
import { AuditActorText } from './audit-people.tsx';
import { Device } from './device-cell.tsx';
import { filteredEmpty } from './filtered-empty.ts';
import { dateTimeColumn } from './table-columns.tsx';
import { useDebounced } from './use-debounced.ts';
import { UserFilterField } from './user-filter-field.tsx';

const PAGE_SIZE = 20;

/** What the URL keeps of the audit log: its page and filters. */
export interface SecuritySearch {
  page?: number;
  event?: AuditEvent;
  user?: string;
  startDate?: string;
  endDate?: string;
}

type AuditEntry = RouterOutputs['admin']['auditLog']['data'][number];

/** Events in label order, so the filter reads alphabetically. */
const eventOptions = [...auditEvents].sort((a, b) =>
  auditEventLabels[a].localeCompare(auditEventLabels[b]),
);

const isFiltered = (search: SecuritySearch) =>
  Boolean(search.event || search.user || search.startDate || search.endDate);

const columns: Column<AuditEntry>[] = [
  dateTimeColumn('Time', (entry) => entry.createdAt),
  {
    header: 'Event',
    cell: (entry) => (
      <Text color={isFailureEvent(entry.event) ? 'red.fg' : undefined} fontWeight="medium">
        {auditEntryLabel(entry.event, entry.details)}
      </Text>
    ),
    cellProps: cellStyles.nowrap,
  },
  {
    header: 'Actor',
    cell: (entry) => <AuditActorText actor={entry.actor} subjectId={entry.subject?.id ?? null} />,
  },
  { header: 'Subject', cell: (entry) => entry.subject?.email ?? entry.email ?? '—' },
  addressColumn((entry) => entry.ip),
  { header: 'Device', cell: (entry) => <Device userAgent={entry.userAgent} /> },
];

function AuditFilters(props: { search: SecuritySearch; onChange: (next: SecuritySearch) => void }) {
  const { search, onChange } = props;
  const [user, setUser] = useState(search.user ?? '');
  // Another change of the URL (Clear filters, back button) resets the box.
  useEffect(() => setUser(search.user ?? ''), [search.user]);
  const commitUser = (value: string) => {
    const next = value.trim() || undefined;
    if (next !== search.user) onChange({ ...search, user: next, page: undefined });
  };
  useDebounced(user, commitUser);
  const set = (patch: Partial<SecuritySearch>) =>
    onChange({ ...search, ...patch, page: undefined });

  return (
    <Stack as="section" aria-label="Audit log filters" gap="3">
      <FilterGrid columns={4}>
        <FilterSelect
          label="Event"
          value={search.event}
          options={eventOptions}
          allLabel="All events"
          labelOf={(event) => auditEventLabels[event]}
          onChange={(event) => set({ event })}
        />
        <UserFilterField value={user} onChange={setUser} onEnter={() => commitUser(user)} />
        <DateRangeFilter
          labels={{ startDate: 'From', endDate: 'To' }}
          startDate={search.startDate}
          endDate={search.endDate}
          onChange={(end, day) => set({ [end]: day })}
        />
      </FilterGrid>
      {isFiltered(search) ? (
        <Box>
          <Button size="sm" variant="ghost" onClick={() => onChange({})}>
            Clear filters
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

/** The security screen's first tab: every recorded event, filtered by the URL. */
export function AuditLog(props: {
  search: SecuritySearch;
  onSearchChange: (next: SecuritySearch) => void;
}) {
  const { search, onSearchChange } = props;
  const log = trpc.admin.auditLog.useQuery(
    {
      page: search.page ?? 1,
      limit: PAGE_SIZE,
      event: search.event,
      user: search.user,
      startDate: search.startDate,
      endDate: search.endDate,
    },
    { placeholderData: keepPreviousData },
  );
  const data = log.data;

  return (
    <Stack gap="4">
      <AuditFilters search={search} onChange={onSearchChange} />
      <ListTable
        label="Audit log"
        query={log}
        rows={data?.data}
        columns={columns}
        rowKey={(entry) => entry.id}
        loadingLabel="Loading the audit log"
        failedMessage="Failed to fetch the audit log"
        empty={filteredEmpty('No events recorded', isFiltered(search))}
        pagination={pagingOf(data, (next) => onSearchChange({ ...search, page: next }))}
      />
    </Stack>
  );
}

import {
  ticketAssignments,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@bank/validators/enums';
import { Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { LuMessageCircle } from 'react-icons/lu';
import { type Column, cellStyles, DataTable } from '../../components/data-table.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { PageButtons } from '../../components/page-buttons.tsx';
import { FilterControls, type FilterField } from '../../components/search-filters.tsx';
import { formatDate } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { LoadError, StatusButtons, TicketView } from './staff-ticket-view.tsx';
import type { SupportSearch } from './support-search.ts';
import { PriorityBadge, spaced, TicketStatusBadge } from './ticket-badges.tsx';

export const SUPPORT_PAGE_SIZE = 10;

const filters: FilterField<SupportSearch>[] = [
  { key: 'status', label: 'Status', options: ticketStatuses, labelOf: spaced },
  { key: 'priority', label: 'Priority', options: ticketPriorities, labelOf: spaced },
  { key: 'category', label: 'Category', options: ticketCategories, labelOf: spaced },
  {
    key: 'assigned',
    label: 'Assigned',
    options: ticketAssignments,
    labelOf: (option) => (option === 'mine' ? 'Mine' : 'Unassigned'),
  },
];

type Ticket = RouterOutputs['support']['all']['tickets'][number];

function columns(openChat: (ticket: Ticket) => void): Column<Ticket>[] {
  return [
    {
      header: 'Ticket ID',
      cell: (ticket) => ticket.ticketId,
      cellProps: { fontFamily: 'mono', whiteSpace: 'nowrap' },
    },
    {
      header: 'Subject',
      cell: (ticket) => (
        <>
          <Text truncate title={ticket.subject}>
            {ticket.subject}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {spaced(ticket.category)}
          </Text>
        </>
      ),
      cellProps: { maxW: '64' },
    },
    {
      header: 'User',
      cell: (ticket) => (
        <>
          <Text fontWeight="medium" whiteSpace="nowrap">
            {ticket.user.name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {ticket.user.email}
          </Text>
        </>
      ),
    },
    { header: 'Status', cell: (ticket) => <TicketStatusBadge status={ticket.status} upper /> },
    { header: 'Priority', cell: (ticket) => <PriorityBadge priority={ticket.priority} short /> },
    {
      header: 'Assigned to',
      cell: (ticket) =>
        ticket.assignedAgent ? (
          ticket.assignedAgent.name
        ) : (
          <Text as="span" color="fg.muted">
            Unassigned
          </Text>
        ),
      cellProps: cellStyles.nowrap,
    },
    {
      header: 'Created',
      cell: (ticket) => formatDate(ticket.createdAt),
      cellProps: cellStyles.nowrap,
    },
    {
      header: 'Actions',
      cell: (ticket) => (
        <HStack gap="2" wrap="nowrap">
          <StatusButtons ticket={ticket} />
          <Button
            size="xs"
            variant="outline"
            onClick={() => openChat(ticket)}
            aria-label={`Open chat for ticket ${ticket.ticketId}`}
          >
            <LuMessageCircle aria-hidden="true" /> Chat
          </Button>
        </HStack>
      ),
    },
  ];
}

/** docs/product.md 2.28: every ticket for admin and support staff, filtered and paged on the server. */
export function SupportManagementPage(props: {
  search: SupportSearch;
  onSearchChange: (next: SupportSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const page = search.page ?? 1;
  const list = trpc.support.all.useQuery(
    {
      page,
      limit: SUPPORT_PAGE_SIZE,
      status: search.status,
      priority: search.priority,
      category: search.category,
      assigned: search.assigned,
    },
    { placeholderData: keepPreviousData, enabled: !search.ticket },
  );

  if (search.ticket) {
    return <TicketView id={search.ticket} back={{ ...search, ticket: undefined }} />;
  }
  if (list.isError) return <LoadError message={list.error.message || 'Failed to fetch tickets'} />;
  if (!list.data) {
    return <ListSpinner label="Loading tickets" py="16" />;
  }
  const data = list.data;
  const first = (data.page - 1) * data.limit + 1;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Support Management
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" maxW="4xl">
        <FilterControls search={search} onChange={onSearchChange} fields={filters} />
      </SimpleGrid>
      {data.tickets.length === 0 ? (
        <Card.Root variant="outline">
          <Card.Body>
            <Text textAlign="center" py="6" fontWeight="medium">
              No support tickets
            </Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <DataTable
          label="Support tickets"
          rows={data.tickets}
          columns={columns((ticket) => onSearchChange({ ...search, ticket: ticket.id }))}
          rowKey={(ticket) => ticket.id}
          busy={list.isPlaceholderData}
        />
      )}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" color="fg.muted">
          {data.total === 0
            ? 'No results'
            : `Showing ${first} to ${first + data.count - 1} of ${data.total} results`}
        </Text>
        <HStack>
          <PageButtons
            page={page}
            hasNext={data.hasMore}
            onPage={(next) => onSearchChange({ ...search, page: next })}
          />
        </HStack>
      </HStack>
    </Stack>
  );
}

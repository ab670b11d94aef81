import {
  ticketAssignments,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@bank/validators/enums';
import {
  Button,
  Card,
  Center,
  Heading,
  HStack,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { LuMessageCircle } from 'react-icons/lu';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { LoadError, StatusButtons, TicketView } from './staff-ticket-view.tsx';
import type { SupportSearch } from './support-search.ts';
import { PriorityBadge, spaced, TicketStatusBadge } from './ticket-badges.tsx';

export const SUPPORT_PAGE_SIZE = 10;

function Filter(props: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
  /** The option's words; underscores read as spaces by default (docs/product.md 2.28). */
  labelOf?: (option: string) => string;
}) {
  const id = `support-filter-${props.label.toLowerCase()}`;
  const labelOf = props.labelOf ?? spaced;
  return (
    <Stack gap="1">
      <Text asChild fontSize="sm" fontWeight="medium">
        <label htmlFor={id}>{props.label}</label>
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          id={id}
          value={props.value ?? ''}
          onChange={(event) => props.onChange(event.target.value || undefined)}
        >
          <option value="">All</option>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
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
    return (
      <Center py="16" role="status">
        <Spinner size="lg" color="brand.fg" aria-label="Loading tickets" />
      </Center>
    );
  }
  const data = list.data;
  const first = (data.page - 1) * data.limit + 1;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Support Management
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" maxW="4xl">
        <Filter
          label="Status"
          value={search.status}
          options={ticketStatuses}
          onChange={(value) =>
            onSearchChange({ ...search, page: 1, status: ticketStatuses.find((s) => s === value) })
          }
        />
        <Filter
          label="Priority"
          value={search.priority}
          options={ticketPriorities}
          onChange={(value) =>
            onSearchChange({
              ...search,
              page: 1,
              priority: ticketPriorities.find((p) => p === value),
            })
          }
        />
        <Filter
          label="Category"
          value={search.category}
          options={ticketCategories}
          onChange={(value) =>
            onSearchChange({
              ...search,
              page: 1,
              category: ticketCategories.find((c) => c === value),
            })
          }
        />
        <Filter
          label="Assigned"
          value={search.assigned}
          options={ticketAssignments}
          labelOf={(option) => (option === 'mine' ? 'Mine' : 'Unassigned')}
          onChange={(value) =>
            onSearchChange({
              ...search,
              page: 1,
              assigned: ticketAssignments.find((a) => a === value),
            })
          }
        />
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
        <Card.Root variant="outline" overflow="hidden" aria-busy={list.isPlaceholderData}>
          <Table.ScrollArea role="region" aria-label="Support tickets" tabIndex={0}>
            <Table.Root size="sm" aria-label="Support tickets">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Ticket ID</Table.ColumnHeader>
                  <Table.ColumnHeader>Subject</Table.ColumnHeader>
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Priority</Table.ColumnHeader>
                  <Table.ColumnHeader>Assigned to</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader>Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.tickets.map((ticket) => (
                  <Table.Row key={ticket.id}>
                    <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                      {ticket.ticketId}
                    </Table.Cell>
                    <Table.Cell maxW="64">
                      <Text truncate title={ticket.subject}>
                        {ticket.subject}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {spaced(ticket.category)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontWeight="medium" whiteSpace="nowrap">
                        {ticket.user.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {ticket.user.email}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <TicketStatusBadge status={ticket.status} upper />
                    </Table.Cell>
                    <Table.Cell>
                      <PriorityBadge priority={ticket.priority} short />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {ticket.assignedAgent ? (
                        ticket.assignedAgent.name
                      ) : (
                        <Text as="span" color="fg.muted">
                          Unassigned
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(ticket.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" wrap="nowrap">
                        <StatusButtons ticket={ticket} />
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => onSearchChange({ ...search, ticket: ticket.id })}
                          aria-label={`Open chat for ticket ${ticket.ticketId}`}
                        >
                          <LuMessageCircle aria-hidden="true" /> Chat
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Root>
      )}
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" color="fg.muted">
          {data.total === 0
            ? 'No results'
            : `Showing ${first} to ${first + data.count - 1} of ${data.total} results`}
        </Text>
        <HStack>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onSearchChange({ ...search, page: page - 1 })}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!data.hasMore}
            onClick={() => onSearchChange({ ...search, page: page + 1 })}
          >
            Next
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

import type { ticketStatuses } from '@bank/validators/enums';
import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowLeft } from 'react-icons/lu';
import { ListSpinner } from '../../components/list-states.tsx';
import { formatDate } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { ChatPanel } from './chat-panel.tsx';
import type { SupportSearch } from './support-search.ts';
import { PriorityBadge, spaced, TicketStatusBadge } from './ticket-badges.tsx';

type Ticket = RouterOutputs['support']['all']['tickets'][number];
type Status = (typeof ticketStatuses)[number];

/** docs/product.md 4: In Progress only when open, Resolved unless resolved; a failure is only logged. */
export function StatusButtons({ ticket, size = 'xs' }: { ticket: Ticket; size?: 'xs' | 'sm' }) {
  const utils = trpc.useUtils();
  const update = trpc.support.updateStatus.useMutation();
  async function change(status: Status) {
    try {
      await update.mutateAsync({ id: ticket.id, status, assignedTo: undefined });
    } catch (error) {
      console.error('Failed to update ticket status', error);
    }
    // The list reloads with the current page and filters (they live in the URL).
    await Promise.all([utils.support.all.invalidate(), utils.support.byId.invalidate()]);
  }
  const busy = update.isPending;
  return (
    <HStack gap="2" wrap="wrap">
      <Button
        size={size}
        variant="outline"
        colorPalette="yellow"
        disabled={ticket.status !== 'open' || busy}
        onClick={() => void change('in_progress')}
        aria-label={`Mark ticket ${ticket.ticketId} as In Progress`}
      >
        In Progress
      </Button>
      <Button
        size={size}
        variant="outline"
        colorPalette="green"
        disabled={ticket.status === 'resolved' || busy}
        onClick={() => void change('resolved')}
        aria-label={`Mark ticket ${ticket.ticketId} as Resolved`}
      >
        Resolved
      </Button>
    </HStack>
  );
}

export function LoadError({ message }: { message: string }) {
  return (
    <Text role="alert" color="fg.error" fontWeight="medium" py="8">
      {message}
    </Text>
  );
}

/** The detail view: the ticket, its status buttons, and the chat with its customer. */
export function TicketView({ id, back }: { id: string; back: SupportSearch }) {
  const query = trpc.support.byId.useQuery({ id }, { retry: false });
  if (query.isPending) {
    return <ListSpinner label="Loading ticket" py="16" />;
  }
  if (query.isError) return <LoadError message={query.error.message || 'Ticket not found'} />;
  const { ticket } = query.data;
  return (
    <Stack gap="5">
      <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
        <RouterLink to="/admin/support" search={back}>
          <LuArrowLeft aria-hidden="true" /> Back to tickets
        </RouterLink>
      </Link>
      <Flex gap="3" align="flex-start" wrap="wrap">
        <Stack gap="1" flex="1" minW="56">
          <Heading as="h1" size="2xl">
            Ticket {ticket.ticketId}
          </Heading>
          <Text color="fg.muted">Chatting with {ticket.user.name}</Text>
        </Stack>
        <StatusButtons ticket={ticket} size="sm" />
      </Flex>
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="5" alignItems="start">
        <Card.Root variant="outline" gridColumn={{ lg: 'span 2' }}>
          <Card.Body gap="3">
            <HStack gap="2" wrap="wrap">
              <TicketStatusBadge status={ticket.status} upper />
              <PriorityBadge priority={ticket.priority} />
            </HStack>
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {ticket.subject}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {spaced(ticket.category)} · Created {formatDate(ticket.createdAt)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {ticket.user.email}
            </Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="sm">
              {ticket.description}
            </Text>
            {ticket.attachments.length > 0 ? (
              <Stack gap="1">
                {ticket.attachments.map((file) => (
                  <Link key={file.id} href={file.url} download={file.filename} fontSize="sm">
                    {file.filename}
                  </Link>
                ))}
              </Stack>
            ) : null}
          </Card.Body>
        </Card.Root>
        <Box gridColumn={{ lg: 'span 3' }}>
          {ticket.status === 'resolved' || ticket.status === 'closed' ? (
            <Card.Root variant="outline">
              <Card.Body>
                <Text color="fg.muted">
                  This ticket is {spaced(ticket.status)}; its chat is closed.
                </Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <ChatPanel
              ticketId={ticket.id}
              title={`Chat with ${ticket.user.name}`}
              mode="staff"
              height="min(560px, calc(100dvh - 14rem))"
            />
          )}
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

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
import { keepPreviousData } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuCircleHelp, LuMail, LuMessageCircle, LuPlus } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { PageButtons } from '../../components/page-buttons.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/page-data.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { PriorityBadge, spaced, TicketStatusBadge } from './ticket-badges.tsx';

/** docs/product.md 2.21's 'Need Help': FAQs, a Live Chat that works (docs/architecture.md 5), Contact Us. */
function NeedHelp() {
  const navigate = useNavigate();
  const liveChat = trpc.support.liveChat.useMutation();
  async function openLiveChat() {
    try {
      const { id } = await liveChat.mutateAsync();
      await navigate({ to: '/support/$id', params: { id }, search: { chat: true } });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to create ticket') });
    }
  }
  const tile = {
    variant: 'outline' as const,
    h: 'auto',
    py: '4',
    justifyContent: 'flex-start',
    gap: '3',
    whiteSpace: 'normal' as const,
  };
  return (
    <Box as="section" aria-labelledby="need-help-heading">
      <Heading as="h2" id="need-help-heading" size="lg" mb="3">
        Need Help
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Button asChild {...tile}>
          <RouterLink to="/faqs">
            <LuCircleHelp aria-hidden="true" />
            FAQs
          </RouterLink>
        </Button>
        <Button
          {...tile}
          onClick={openLiveChat}
          loading={liveChat.isPending}
          loadingText="Opening…"
        >
          <LuMessageCircle aria-hidden="true" />
          Live Chat
        </Button>
        <Button asChild {...tile}>
          <RouterLink to="/contact">
            <LuMail aria-hidden="true" />
            Contact Us
          </RouterLink>
        </Button>
      </SimpleGrid>
    </Box>
  );
}

/** docs/product.md 2.21: the customer's tickets, newest activity first, paged on the server. */
export function TicketsPage() {
  const [page, setPage] = useState(1);
  const list = trpc.support.list.useQuery(
    { page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const data = list.data;
  return (
    <Stack gap="8">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="2xl" flex="1" minW="48">
          Support Tickets
        </Heading>
        <Button asChild>
          <RouterLink to="/support/create">
            <LuPlus aria-hidden="true" /> New Ticket
          </RouterLink>
        </Button>
      </Flex>

      {list.isError ? (
        <ErrorAlert>{errorMessage(list.error, 'Failed to fetch tickets')}</ErrorAlert>
      ) : !data ? (
        <ListSpinner label="Loading tickets" />
      ) : data.tickets.length === 0 ? (
        <Card.Root variant="outline">
          <Card.Body>
            <Stack align="center" gap="3" py="6" textAlign="center">
              <Text fontWeight="medium">No support tickets</Text>
              <Button asChild variant="outline">
                <RouterLink to="/support/create">Create New Ticket</RouterLink>
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack gap="3">
          <Stack
            as="ul"
            gap="3"
            m="0"
            p="0"
            listStyleType="none"
            aria-busy={list.isPlaceholderData}
          >
            {data.tickets.map((ticket) => (
              <Box as="li" key={ticket.id}>
                <Card.Root variant="outline" _hover={{ borderColor: 'brand.border' }}>
                  <Card.Body gap="2" p="4">
                    <Flex gap="2" align="flex-start" wrap="wrap">
                      <Link asChild fontWeight="semibold" flex="1" minW="40" color="fg">
                        <RouterLink to="/support/$id" params={{ id: ticket.id }}>
                          {ticket.subject}
                        </RouterLink>
                      </Link>
                      <HStack gap="2">
                        <TicketStatusBadge status={ticket.status} />
                        <PriorityBadge priority={ticket.priority} />
                      </HStack>
                    </Flex>
                    <Text fontSize="sm" color="fg.muted">
                      {ticket.ticketId} · {spaced(ticket.category)} · Updated{' '}
                      {formatDate(ticket.updatedAt)}
                    </Text>
                    {ticket.lastResponse ? (
                      <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                        {ticket.lastResponse.author}: {ticket.lastResponse.message}
                      </Text>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              </Box>
            ))}
          </Stack>
          {data.total > PAGE_SIZE ? (
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text fontSize="sm" color="fg.muted">
                Showing {(data.page - 1) * data.limit + 1} to{' '}
                {(data.page - 1) * data.limit + data.count} of {data.total} results
              </Text>
              <HStack>
                <PageButtons page={page} hasNext={data.hasMore} onPage={setPage} />
              </HStack>
            </HStack>
          ) : null}
        </Stack>
      )}

      <NeedHelp />
    </Stack>
  );
}

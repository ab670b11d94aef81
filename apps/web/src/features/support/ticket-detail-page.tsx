import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowLeft, LuDownload, LuMessageCircle } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { ChatPanel } from './chat-panel.tsx';
import { chatIsOpen, PriorityBadge, spaced, TicketStatusBadge } from './ticket-badges.tsx';

function BackLink() {
  return (
    <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <RouterLink to="/support">
        <LuArrowLeft aria-hidden="true" /> Back to tickets
      </RouterLink>
    </Link>
  );
}

/** docs/product.md 2.23: one ticket, its files, and (until resolved) the floating chat. */
export function TicketDetailPage(props: {
  id: string;
  chatOpen: boolean;
  onChatOpenChange: (open: boolean) => void;
}) {
  const { id, chatOpen, onChatOpenChange } = props;
  const query = trpc.support.byId.useQuery({ id }, { retry: false });

  if (query.isPending) {
    return <ListSpinner label="Loading ticket" py="16" />;
  }
  if (query.isError) {
    const missing = apiErrorInfo(query.error).code === 'NOT_FOUND';
    return (
      <Stack gap="4">
        <BackLink />
        {missing ? (
          <Heading as="h1" size="lg">
            Ticket not found
          </Heading>
        ) : (
          <ErrorAlert>{errorMessage(query.error, 'Failed to fetch tickets')}</ErrorAlert>
        )}
      </Stack>
    );
  }
  const { ticket } = query.data;
  const canChat = chatIsOpen(ticket.status);

  return (
    <Stack gap="6" maxW="4xl">
      <BackLink />
      <Flex gap="3" align="flex-start" wrap="wrap">
        <Stack gap="1" flex="1" minW="56">
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {ticket.subject}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Ticket {ticket.ticketId} · Created {formatDate(ticket.createdAt)}
          </Text>
        </Stack>
        <HStack gap="2" pt="1">
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
        </HStack>
      </Flex>

      {canChat ? (
        <Button
          alignSelf="flex-start"
          variant={chatOpen ? 'outline' : 'solid'}
          aria-expanded={chatOpen}
          aria-controls={chatOpen ? 'ticket-chat' : undefined}
          onClick={() => onChatOpenChange(!chatOpen)}
        >
          <LuMessageCircle aria-hidden="true" />
          {chatOpen ? 'Hide Chat' : 'Chat with Support'}
        </Button>
      ) : null}

      <Card.Root variant="outline">
        <Card.Body gap="5">
          <DetailList
            rows={[
              { label: 'Ticket ID', value: ticket.ticketId, mono: true },
              { label: 'Created', value: formatDate(ticket.createdAt) },
              { label: 'Status', value: <TicketStatusBadge status={ticket.status} /> },
              { label: 'Subject', value: ticket.subject },
              {
                label: 'Category',
                value: spaced(ticket.category).replace(/^./, (c) => c.toUpperCase()),
              },
              { label: 'Priority', value: <PriorityBadge priority={ticket.priority} /> },
              ...(ticket.assignedAgent
                ? [{ label: 'Assigned to', value: ticket.assignedAgent.name }]
                : []),
            ]}
          />
          <Box>
            <Heading as="h2" size="md" mb="2">
              Description
            </Heading>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {ticket.description}
            </Text>
          </Box>
          <Box>
            <Heading as="h2" size="md" mb="3">
              Attachments
            </Heading>
            {ticket.attachments.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No attachments
              </Text>
            ) : (
              <SimpleGrid
                as="ul"
                columns={{ base: 1, sm: 2, md: 3 }}
                gap="3"
                m="0"
                p="0"
                listStyleType="none"
              >
                {ticket.attachments.map((file) => (
                  <Card.Root as="li" key={file.id} variant="outline" overflow="hidden">
                    <Box
                      bg="bg.muted"
                      h="32"
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                    >
                      <Image
                        src={file.url}
                        alt={`Preview of ${file.filename}`}
                        maxH="32"
                        maxW="full"
                        objectFit="contain"
                        loading="lazy"
                      />
                    </Box>
                    <HStack px="3" py="2" gap="2" justify="space-between">
                      <Text fontSize="sm" truncate title={file.filename}>
                        {file.filename}
                      </Text>
                      <Link
                        href={file.url}
                        download={file.filename}
                        fontSize="sm"
                        aria-label={`Download ${file.filename}`}
                        flexShrink={0}
                      >
                        <LuDownload aria-hidden="true" /> Download
                      </Link>
                    </HStack>
                  </Card.Root>
                ))}
              </SimpleGrid>
            )}
          </Box>
        </Card.Body>
      </Card.Root>

      {canChat && chatOpen ? (
        // A phone's chat is a full-screen sheet (a floating box there hid the page beneath it
        // without room to write); from sm up it floats in the corner. Escape closes it.
        <Box
          id="ticket-chat"
          position="fixed"
          zIndex="overlay"
          top={{ base: '0', sm: 'auto' }}
          left={{ base: '0', sm: 'auto' }}
          right={{ base: '0', sm: '6' }}
          bottom={{ base: '0', sm: '6' }}
          w={{ base: '100vw', sm: '380px' }}
          boxShadow={{ base: 'none', sm: 'lg' }}
          borderRadius={{ base: '0', sm: 'l3' }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onChatOpenChange(false);
          }}
        >
          <ChatPanel
            ticketId={ticket.id}
            title="Support Chat"
            mode="customer"
            height={{ base: '100dvh', sm: 'min(520px, calc(100dvh - 6rem))' }}
            borderRadius={{ base: '0', sm: 'l3' }}
            onClose={() => onChatOpenChange(false)}
          />
        </Box>
      ) : null}
    </Stack>
  );
}

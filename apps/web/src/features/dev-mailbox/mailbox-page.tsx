import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ErrorAlert, InfoAlert } from '../../components/alerts.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PublicHeader } from '../../components/public-header.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

/** Links inside a mail body that belong to this site open in-app; others open as they are. */
function MailLink({ href }: { href: string }) {
  return (
    <ChakraLink href={href} variant="underline" wordBreak="break-all">
      {href}
    </ChakraLink>
  );
}

function Messages({ to }: { to: string }) {
  // Mail leaves the outbox a moment after it is queued: look again every few seconds.
  const mailbox = trpc.dev.mailbox.useQuery({ to }, { staleTime: 0, refetchInterval: 5000 });
  if (mailbox.isPending) {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>Loading messages…</Text>
      </HStack>
    );
  }
  if (mailbox.isError) {
    return <ErrorAlert>{errorMessage(mailbox.error, 'Failed to load the mailbox')}</ErrorAlert>;
  }
  const list = [...mailbox.data.messages].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );
  if (list.length === 0) return <InfoAlert>No messages for {to}.</InfoAlert>;
  return (
    <Stack as="ol" gap="4" listStyleType="none" m="0" p="0" aria-label={`Messages for ${to}`}>
      {list.map((message) => (
        <Card.Root as="li" key={message.id} variant="outline">
          <Card.Header pb="0">
            <Heading as="h2" size="md">
              {message.subject}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(message.createdAt)}
            </Text>
          </Card.Header>
          <Card.Body gap="3">
            <Text whiteSpace="pre-wrap" fontSize="sm">
              {message.text}
            </Text>
            {message.links.length > 0 ? (
              <Stack gap="1">
                <Text fontSize="sm" fontWeight="semibold">
                  Links
                </Text>
                {message.links.map((href) => (
                  <MailLink key={href} href={href} />
                ))}
              </Stack>
            ) : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** docs/architecture.md 4: the development mailbox, where mail goes while no SMTP server is set up. */
export function MailboxPage({ to }: { to?: string }) {
  const navigate = useNavigate();
  const [address, setAddress] = useState(to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    void navigate({ to: '/dev/mailbox', search: { to: value || undefined } });
  };
  return (
    <Box minH="100dvh">
      <PublicHeader home="/login" bordered />
      <Container as="main" maxW="3xl" py="8">
        <Stack gap="6">
          <PageTitle title="Development mailbox">
            E-mail the bank sends while no mail server is configured, newest first.
          </PageTitle>
          <form onSubmit={submit}>
            <HStack align="flex-end" gap="3" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Field.Root flex="1" minW="0">
                <Field.Label>Email address</Field.Label>
                <Input
                  type="email"
                  name="to"
                  value={address}
                  onChange={(event) => setAddress(event.target.value)}
                  placeholder="you@example.com"
                  autoComplete="email"
                />
              </Field.Root>
              <Button type="submit">Show messages</Button>
            </HStack>
          </form>
          {to ? <Messages to={to} /> : null}
        </Stack>
      </Container>
    </Box>
  );
}

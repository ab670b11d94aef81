import {
  Badge,
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type Column, ListTable } from '../../components/data-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { actionsColumn, dateTimeColumn } from './table-columns.tsx';
import { WebhookDeliveriesPanel } from './webhook-deliveries-panel.tsx';
import type { WebhookSearch } from './webhook-search.ts';

type Subscription = RouterOutputs['webhooks']['ofApp']['webhooks'][number];

function columns(
  select: (webhook: Subscription) => void,
  selected?: string,
): Column<Subscription>[] {
  return [
    {
      header: 'URL',
      cell: (webhook) => (
        <Text
          fontFamily="mono"
          fontSize="sm"
          whiteSpace="normal"
          wordBreak="break-all"
          minW="40"
          maxW="64"
        >
          {webhook.url}
        </Text>
      ),
    },
    {
      header: 'Events',
      cell: (webhook) => (
        <Flex gap="1" wrap="wrap" minW="40" maxW="xs">
          {webhook.events.map((event) => (
            <Badge key={event} variant="outline" fontFamily="mono">
              {event}
            </Badge>
          ))}
        </Flex>
      ),
    },
    {
      header: 'State',
      cell: (webhook) =>
        webhook.removedAt ? (
          <Badge colorPalette="gray">Removed</Badge>
        ) : (
          <Badge colorPalette="green">Active</Badge>
        ),
    },
    {
      header: 'Deliveries',
      cell: (webhook) => (
        <Stack gap="0" fontSize="sm" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
          <Text>{`${webhook.delivered} delivered`}</Text>
          <Text>{`${webhook.pending} waiting`}</Text>
          <Text color={webhook.failed > 0 ? 'fg.error' : undefined}>
            {`${webhook.failed} given up`}
          </Text>
        </Stack>
      ),
    },
    dateTimeColumn('Created', (webhook) => webhook.createdAt),
    actionsColumn((webhook) => (
      <Button
        size="xs"
        variant={webhook.id === selected ? 'solid' : 'outline'}
        aria-pressed={webhook.id === selected}
        aria-label={`Deliveries of ${webhook.url}`}
        onClick={() => select(webhook)}
      >
        Deliveries
      </Button>
    )),
  ];
}

/**
 * /admin/webhooks: an app's webhook subscriptions (found by its OAuth client id), each one's
 * delivery log, and replay. Apps manage their subscriptions themselves over the API.
 */
export function WebhooksPage(props: {
  search: WebhookSearch;
  onSearchChange: (next: WebhookSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const [draft, setDraft] = useState(search.clientId ?? '');
  const clientId = search.clientId?.trim() ?? '';
  const subscriptions = trpc.webhooks.ofApp.useQuery({ clientId }, { enabled: clientId !== '' });
  const selected = subscriptions.data?.webhooks.find((webhook) => webhook.id === search.webhook);

  return (
    <Stack gap="6">
      <PageTitle title="Webhooks">
        Where connected apps receive their customers’ events, and how each delivery went. Each app’s
        client ID is under{' '}
        <ChakraLink asChild color="brand.fg" variant="underline">
          <Link to="/admin/apps">Apps</Link>
        </ChakraLink>
        .
      </PageTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const next = draft.trim();
          onSearchChange(next === '' ? {} : { clientId: next });
        }}
      >
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Field.Root w={{ base: 'full', sm: 'sm' }}>
            <Field.Label>App client ID</Field.Label>
            <Input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="e.g. app_budgetly"
              fontFamily="mono"
              autoComplete="off"
            />
          </Field.Root>
          <Button type="submit">Show webhooks</Button>
        </Flex>
      </form>
      {clientId === '' ? (
        <Text color="fg.muted">Enter an app’s client ID to see its webhooks.</Text>
      ) : (
        <ListTable
          label="Webhook subscriptions"
          query={subscriptions}
          rows={subscriptions.data?.webhooks}
          columns={columns(
            (webhook) => onSearchChange({ clientId, webhook: webhook.id }),
            search.webhook,
          )}
          rowKey={(webhook) => webhook.id}
          loadingLabel="Loading webhooks"
          failedMessage="Failed to fetch webhooks"
          empty={{
            title: 'No webhooks',
            hint: 'This app has not subscribed to any events.',
          }}
        />
      )}
      {selected ? (
        <WebhookDeliveriesPanel
          webhook={selected}
          status={search.status}
          onStatusChange={(status) =>
            onSearchChange({ clientId, webhook: selected.id, ...(status ? { status } : {}) })
          }
        />
      ) : null}
    </Stack>
  );
}

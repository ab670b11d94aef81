import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { NameAndDetail } from './name-and-detail.tsx';
import { actionsColumn, dateTimeColumn, figureColumn } from './table-columns.tsx';

type Delivery = RouterOutputs['webhooks']['deliveries']['deliveries'][number];
type Webhook = RouterOutputs['webhooks']['ofApp']['webhooks'][number];
type DeliveryStatus = Delivery['status'];

const statuses: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

const statusBadge: Record<DeliveryStatus, { label: string; palette: string }> = {
  pending: { label: 'Waiting', palette: 'yellow' },
  delivered: { label: 'Delivered', palette: 'green' },
  failed: { label: 'Given up', palette: 'red' },
};

const emptyTitles: Record<DeliveryStatus, string> = {
  pending: 'Nothing is waiting',
  delivered: 'Nothing delivered yet',
  failed: 'Nothing was given up',
};

/** The last answer: its status code, or why there was none. */
function lastResponse(delivery: Delivery): string {
  if (delivery.lastStatusCode !== null) return String(delivery.lastStatusCode);
  return delivery.lastError ?? '—';
}

function columns(canReplay: boolean, replay: (delivery: Delivery) => void): Column<Delivery>[] {
  return [
    {
      header: 'Event',
      cell: (delivery) => (
        <NameAndDetail name={delivery.eventType} detail={delivery.messageId} mono />
      ),
    },
    {
      header: 'Status',
      cell: (delivery) => (
        <Badge colorPalette={statusBadge[delivery.status].palette}>
          {statusBadge[delivery.status].label}
        </Badge>
      ),
    },
    figureColumn('Attempts', (delivery) => delivery.attempts),
    {
      header: 'Last response',
      cell: (delivery) => (
        <Text fontSize="sm" minW="40" maxW="xs" whiteSpace="normal" overflowWrap="anywhere">
          {lastResponse(delivery)}
        </Text>
      ),
    },
    {
      header: 'Next attempt',
      cell: (delivery) => (delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'),
      cellProps: cellStyles.nowrap,
    },
    dateTimeColumn('Created', (delivery) => delivery.createdAt),
    actionsColumn((delivery) => (
      <Button
        size="xs"
        variant="outline"
        disabled={!canReplay}
        aria-label={`Replay ${delivery.messageId}`}
        onClick={() => replay(delivery)}
      >
        Replay
      </Button>
    )),
  ];
}

/** One webhook's delivery log, newest first, with a status filter and replay. */
export function WebhookDeliveriesPanel(props: {
  webhook: Webhook;
  status: DeliveryStatus | undefined;
  onStatusChange: (status: DeliveryStatus | undefined) => void;
}) {
  const { webhook, status } = props;
  const utils = trpc.useUtils();
  const log = trpc.webhooks.deliveries.useQuery({ id: webhook.id, ...(status ? { status } : {}) });
  const replay = trpc.webhooks.replay.useMutation();
  const [replaying, setReplaying] = useState<Delivery | null>(null);
  const removed = webhook.removedAt !== null;

  const confirmReplay = async (delivery: Delivery) => {
    try {
      const answer = await replay.mutateAsync({ id: delivery.id });
      notify({ type: 'success', message: answer.message });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to replay the delivery') });
    } finally {
      setReplaying(null);
      await utils.webhooks.invalidate();
    }
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="deliveries-heading">
      <Flex gap="3" align="flex-end" wrap="wrap" justify="space-between">
        <Stack gap="1" minW="0">
          <Heading as="h2" size="lg" id="deliveries-heading">
            Deliveries
          </Heading>
          <Text color="fg.muted" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {webhook.url}
          </Text>
          {removed ? (
            <Text color="fg.muted" fontSize="sm">
              This webhook was removed by the app: its deliveries cannot be replayed.
            </Text>
          ) : null}
        </Stack>
        <FilterSelect
          label="Status"
          size="sm"
          compact
          value={status}
          options={statuses}
          allLabel="All"
          labelOf={(option) => statusBadge[option].label}
          onChange={props.onStatusChange}
        />
      </Flex>
      <ListTable
        label="Webhook deliveries"
        query={log}
        rows={log.data?.deliveries}
        columns={columns(!removed, setReplaying)}
        rowKey={(delivery) => delivery.id}
        loadingLabel="Loading deliveries"
        failedMessage="Failed to fetch deliveries"
        empty={{
          title: status ? emptyTitles[status] : 'No deliveries yet',
        }}
      />
      {log.data && log.data.total > log.data.deliveries.length ? (
        <Text fontSize="sm" color="fg.muted">
          {`The newest ${log.data.deliveries.length} of ${log.data.total} deliveries.`}
        </Text>
      ) : null}
      <ConfirmDialog
        open={replaying !== null}
        title="Replay delivery"
        confirmLabel="Replay"
        pending={replay.isPending}
        onConfirm={() => replaying && void confirmReplay(replaying)}
        onClose={() => setReplaying(null)}
      >
        {replaying
          ? `${replaying.eventType} (${replaying.messageId}) is sent again now, with the same webhook-id and a fresh 24 hours of retries.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

import { disputeReasonLabels } from '@bank/validators/disputes';
import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyList } from '../../components/list-states.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryBody } from '../../components/query-body.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { type Dispute, DisputeStatusBadge, isOpenDispute } from './dispute-badges.tsx';

function DisputeCard({
  dispute,
  highlighted,
  onWithdraw,
}: {
  dispute: Dispute;
  highlighted: boolean;
  onWithdraw: (dispute: Dispute) => void;
}) {
  const open = isOpenDispute(dispute);
  return (
    <Card.Root
      as="li"
      variant="outline"
      listStyleType="none"
      borderColor={highlighted ? 'brand.solid' : undefined}
      aria-label={`Dispute of ${dispute.transaction.description}`}
    >
      <Card.Body gap="3">
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1" minW="0" flex="1 1 14rem">
            <Heading as="h2" size="md" overflowWrap="break-word">
              {dispute.transaction.description}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {`${formatMoney(dispute.transaction.amount)} · ${disputeReasonLabels[dispute.reason]}`}
            </Text>
          </Stack>
          <DisputeStatusBadge status={dispute.status} />
        </Flex>
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {dispute.description}
        </Text>
        <Stack gap="1" fontSize="sm">
          <Text>{`Reported ${formatDate(dispute.createdAt)} · ticket #${dispute.ticketNumber ?? '—'}`}</Text>
          {dispute.creditedAmount > 0 ? (
            <Text>
              {`${formatMoney(dispute.creditedAmount)} credited provisionally${dispute.creditReversalId ? ', since taken back' : ''}`}
            </Text>
          ) : null}
          {open ? (
            <Text color="fg.muted">
              {dispute.status === 'provisional_credit'
                ? `We will decide by ${formatDate(dispute.decisionDueAt)}.`
                : `We will credit you provisionally or decide by ${formatDate(dispute.creditDueAt)}.`}
            </Text>
          ) : null}
          {dispute.decisionReason ? <Text>{`Our answer: ${dispute.decisionReason}`}</Text> : null}
        </Stack>
        <Flex gap="4" wrap="wrap" align="center">
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/transactions/$id" params={{ id: dispute.transactionId }}>
              The payment
            </Link>
          </ChakraLink>
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/support/$id" params={{ id: dispute.ticketId }}>
              The conversation
            </Link>
          </ChakraLink>
          {open ? (
            <Button size="sm" variant="outline" onClick={() => onWithdraw(dispute)}>
              Withdraw
            </Button>
          ) : null}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The customer's disputes: where each stands, its deadlines, credits and the bank's answer. */
export function DisputesPage({ highlight }: { highlight?: string | undefined }) {
  const query = trpc.disputes.mine.useQuery({});
  const utils = trpc.useUtils();
  const withdraw = trpc.disputes.withdraw.useMutation();
  const [withdrawing, setWithdrawing] = useState<Dispute | null>(null);
  return (
    <Stack gap="6">
      <PageTitle title="My disputes">
        Problems you reported with a payment. Open one from the payment’s page with ‘Report a
        problem’.
      </PageTitle>
      <QueryBody
        query={query}
        loadingLabel="Loading disputes"
        failedMessage="Failed to fetch your disputes"
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyList
            title="No disputes"
            hint="If a payment looks wrong, open it from Transactions and choose Report a problem."
          />
        }
      >
        {(data) => (
          <Box as="ul" m="0" p="0" display="flex" flexDirection="column" gap="4">
            {data.data.map((dispute) => (
              <DisputeCard
                key={dispute.id}
                dispute={dispute}
                highlighted={dispute.id === highlight}
                onWithdraw={setWithdrawing}
              />
            ))}
          </Box>
        )}
      </QueryBody>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this dispute?"
        confirmLabel="Withdraw"
        pending={withdraw.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={async () => {
          if (!withdrawing) return;
          try {
            const answer = await withdraw.mutateAsync({ id: withdrawing.id });
            notify({ type: 'success', message: answer.message });
            await Promise.all([utils.disputes.invalidate(), utils.transactions.invalidate()]);
          } catch (error) {
            notify({ type: 'error', message: errorMessage(error, 'Failed to withdraw') });
          } finally {
            setWithdrawing(null);
          }
        }}
      >
        {withdrawing && withdrawing.creditedAmount > 0
          ? `We will stop looking into it, and take back the provisional credit of ${formatMoney(withdrawing.creditedAmount)}.`
          : 'We will stop looking into it.'}
      </ConfirmDialog>
    </Stack>
  );
}

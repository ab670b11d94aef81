import {
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuDownload } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { DetailList, type DetailRow } from '../../components/detail-list.tsx';
import { SignedAmount, statusPalette, TransactionStatusBadge } from '../../components/money.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { formatMoney, humanize } from '../../lib/format.ts';
import { isRecordId } from '../../lib/page-data.ts';
import { bankDateTime, otherSide } from '../../lib/transaction-text.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { TransactionCategory } from './transaction-category.tsx';

type Transaction = RouterOutputs['transactions']['byId'];

/** What the other side of a movement that is not a transfer is: its source, destination or loan. */
function otherSideLabel(transaction: Transaction): string {
  if (transaction.type === 'deposit') return 'Source';
  if (transaction.type === 'withdraw') return 'Destination';
  if (transaction.type === 'loan_disbursement' || transaction.type === 'loan_repayment')
    return 'Loan';
  return 'Counterparty';
}

function Timeline({ entries }: { entries: Transaction['timeline'] }) {
  return (
    <Box as="ol" m="0" p="0" aria-label="Timeline">
      {entries.map((entry, index) => (
        <Flex as="li" key={entry.id} gap="3" listStyleType="none">
          <Flex direction="column" align="center" flexShrink="0">
            <Box
              boxSize="3"
              mt="1.5"
              borderRadius="full"
              bg={`${statusPalette(entry.status)}.solid`}
              aria-hidden="true"
            />
            {index < entries.length - 1 ? (
              <Box flex="1" w="2px" bg="border" my="1" aria-hidden="true" />
            ) : null}
          </Flex>
          <Stack gap="0.5" pb="4" minW="0">
            <Text fontWeight="medium">{entry.description}</Text>
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                {bankDateTime(entry.timestamp)}
              </Text>
              <TransactionStatusBadge status={entry.status} />
            </HStack>
          </Stack>
        </Flex>
      ))}
    </Box>
  );
}

/** Another movement of the customer's, by its reference. */
function TransactionLink({ id }: { id: string }) {
  return (
    <ChakraLink asChild color="brand.fg" fontFamily="mono" fontSize="sm" wordBreak="break-all">
      <Link to="/transactions/$id" params={{ id }}>
        {id}
      </Link>
    </ChakraLink>
  );
}

function Details({ transaction }: { transaction: Transaction }) {
  const rows: DetailRow[] = [
    {
      label: 'Reference',
      value: (
        <HStack gap="1" align="center">
          <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {transaction.id}
          </Text>
          <CopyButton
            value={transaction.id}
            label="Copy reference"
            successMessage="Reference copied to clipboard"
          />
        </HStack>
      ),
    },
    { label: 'Type', value: humanize(transaction.type) },
    { label: 'Payment method', value: humanize(transaction.paymentMethod) },
  ];
  // The other side as this customer sees it: who paid them, whom they paid, the card, the bank
  // or the loan; never the customer as their own recipient.
  const { counterparty } = transaction;
  const incoming = transaction.direction === 'credit';
  rows.push({
    label:
      transaction.type === 'transfer' ? (incoming ? 'From' : 'To') : otherSideLabel(transaction),
    value: counterparty.name,
  });
  if (counterparty.accountNumber)
    rows.push({
      label:
        transaction.type === 'transfer'
          ? incoming
            ? 'Sender’s account'
            : 'Recipient’s account'
          : 'Account',
      value: `••${counterparty.accountNumber}`,
      mono: true,
    });
  if (counterparty.bank) rows.push({ label: 'Bank', value: counterparty.bank });
  // Corrections are new movements, linked both ways (never an edit of this one).
  if (transaction.reverses)
    rows.push({ label: 'Reverses', value: <TransactionLink id={transaction.reverses} /> });
  if (transaction.reversedBy.length > 0)
    rows.push({
      label: 'Reversed by',
      value: (
        <Stack gap="1">
          {transaction.reversedBy.map((id) => (
            <TransactionLink key={id} id={id} />
          ))}
          <Text fontSize="sm" color="fg.muted">
            {`${formatMoney(transaction.reversedAmount)} of ${formatMoney(transaction.amount)} reversed`}
          </Text>
        </Stack>
      ),
    });
  // Another bank's account is named by its routing number too (kept with the movement).
  if (counterparty.routingNumber)
    rows.push({ label: 'Routing number', value: counterparty.routingNumber, mono: true });
  rows.push({ label: 'Currency', value: transaction.currency });
  rows.push({ label: 'Notes', value: transaction.notes || '—' });
  return <DetailList rows={rows} />;
}

/** The page's column under the way back to the history; `loadingLabel` names it while it loads. */
function DetailColumn(props: { loadingLabel?: string; children: ReactNode }) {
  return (
    <Stack gap="6" role={props.loadingLabel ? 'status' : undefined} aria-label={props.loadingLabel}>
      <BackLink to="/transactions">Back to transactions</BackLink>
      {props.children}
    </Stack>
  );
}

/** A card of the lower row (details, timeline), named by its heading. */
function DetailSection(props: {
  headingId: string;
  title: string;
  flex: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={props.headingId} variant="outline" flex={props.flex}>
      <Card.Header>
        <Heading as="h2" id={props.headingId} size="md">
          {props.title}
        </Heading>
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}

/** docs/product.md 2.12: summary, reference with copy, details and timeline; not found or an error. */
export function TransactionDetailPage({ id }: { id: string }) {
  // A malformed id cannot name a transaction: no need to ask.
  const wellFormed = isRecordId(id);
  const query = trpc.transactions.byId.useQuery({ id }, { enabled: wellFormed });

  if (!wellFormed || (query.isError && apiErrorInfo(query.error).code === 'NOT_FOUND')) {
    return (
      <DetailColumn>
        <Heading as="h1" size="2xl">
          Transaction not found
        </Heading>
        <Text color="fg.muted">There is no transaction with this reference in your account.</Text>
      </DetailColumn>
    );
  }
  if (query.isError) {
    return (
      <DetailColumn>
        <Heading as="h1" size="2xl">
          Transaction Details
        </Heading>
        <ErrorAlert>{errorMessage(query.error, 'Failed to fetch transaction')}</ErrorAlert>
      </DetailColumn>
    );
  }
  if (query.isPending) {
    return (
      <DetailColumn loadingLabel="Loading transaction">
        <Skeleton height="10" width="60%" />
        <Skeleton height="40" />
        <Skeleton height="40" />
      </DetailColumn>
    );
  }

  const transaction = query.data;
  return (
    <DetailColumn>
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Flex gap="4" justify="space-between" align="flex-start" wrap="wrap">
            {/* Its basis: on a phone the amount wraps below, not the title into pieces. */}
            <Stack gap="1" minW="0" flex="1 1 14rem">
              <Heading as="h1" size="xl" overflowWrap="break-word">
                {transaction.description}
              </Heading>
              <Text color="fg.muted">
                {otherSide(transaction)} · {bankDateTime(transaction.createdAt)}
              </Text>
            </Stack>
            <Stack gap="2" align={{ base: 'flex-start', sm: 'flex-end' }}>
              <SignedAmount
                amount={transaction.amount}
                direction={transaction.direction}
                fontSize="2xl"
              />
              <TransactionStatusBadge status={transaction.status} />
              <Button asChild size="xs" variant="outline">
                <a href={`/api/v1/transactions/${transaction.id}/receipt`} download>
                  <LuDownload aria-hidden="true" /> Receipt (PDF)
                </a>
              </Button>
            </Stack>
          </Flex>
        </Card.Body>
      </Card.Root>
      <TransactionCategory transaction={transaction} />
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <DetailSection headingId="details-heading" title="Details" flex="3">
          <Details transaction={transaction} />
        </DetailSection>
        <DetailSection headingId="timeline-heading" title="Timeline" flex="2">
          {transaction.timeline.length > 0 ? (
            <Timeline entries={transaction.timeline} />
          ) : (
            <Text color="fg.muted">No timeline entries</Text>
          )}
        </DetailSection>
      </Flex>
    </DetailColumn>
  );
}

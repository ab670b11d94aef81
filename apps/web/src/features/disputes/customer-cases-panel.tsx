import { disputeReasonLabels } from '@bank/validators/disputes';
import { Badge, Link as ChakraLink, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { QueryBody } from '../../components/query-body.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { formatDate, formatDateTime, formatMoney, humanize } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { DisputeStatusBadge, LateBadge } from './dispute-badges.tsx';

const approvalPalettes = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  expired: 'gray',
} as const;

function Part(props: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {props.title}
      </Heading>
      {props.count === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {props.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" m="0" p="0" listStyleType="none">
          {props.children}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The staff user page's record of bank operations on this customer, beside the freezes and
 * holds: reversals of their movements, their disputes (with deadlines) and the four-eyes
 * requests about them.
 */
export function CustomerCasesPanel({ userId }: { userId: string }) {
  const query = trpc.admin.userOperations.useQuery({ id: userId });
  return (
    <SectionCard title="Reversals, disputes and approvals">
      <QueryBody
        query={query}
        loadingLabel="Loading operations"
        failedMessage="Failed to fetch the operations"
      >
        {(data) => (
          <Stack gap="5">
            <Part title="Disputes" empty="No disputes" count={data.disputes.length}>
              {data.disputes.map((dispute) => (
                <Flex as="li" key={dispute.id} gap="2" wrap="wrap" align="center">
                  <DisputeStatusBadge status={dispute.status} />
                  <LateBadge dispute={dispute} />
                  <Text fontSize="sm">
                    {`${dispute.transaction.description} (${formatMoney(dispute.transaction.amount)}) · ${disputeReasonLabels[dispute.reason]} · ${formatDate(dispute.createdAt)}`}
                    {dispute.creditedAmount > 0
                      ? ` · ${formatMoney(dispute.creditedAmount)} credited`
                      : ''}
                  </Text>
                  <ChakraLink asChild color="brand.fg" fontSize="sm">
                    <Link to="/admin/disputes">Queue</Link>
                  </ChakraLink>
                </Flex>
              ))}
            </Part>
            <Part title="Reversals" empty="No reversals" count={data.reversals.length}>
              {data.reversals.map((reversal) => (
                <Flex as="li" key={reversal.id} gap="2" wrap="wrap" justify="space-between">
                  <Text fontSize="sm">
                    {`${reversal.description}${reversal.reason ? ` · ${reversal.reason}` : ''}`}
                  </Text>
                  <Text fontSize="sm" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {`${reversal.direction === 'credit' ? '+' : '−'}${formatMoney(reversal.amount)} · ${formatDateTime(reversal.createdAt)}`}
                  </Text>
                </Flex>
              ))}
            </Part>
            <Part
              title="Second approvals"
              empty="No requests about this customer"
              count={data.approvals.length}
            >
              {data.approvals.map((approval) => (
                <Flex as="li" key={approval.id} gap="2" wrap="wrap" align="center">
                  <Badge colorPalette={approvalPalettes[approval.status]} variant="subtle">
                    {humanize(approval.status)}
                  </Badge>
                  <Text fontSize="sm">{`${approval.summary} · ${formatDateTime(approval.createdAt)}`}</Text>
                  {approval.status === 'pending' ? (
                    <ChakraLink asChild color="brand.fg" fontSize="sm">
                      <Link to="/admin/approvals">Decide</Link>
                    </ChakraLink>
                  ) : null}
                </Flex>
              ))}
            </Part>
          </Stack>
        )}
      </QueryBody>
    </SectionCard>
  );
}

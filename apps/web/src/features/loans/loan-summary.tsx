import { Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LoanStatusBadge } from '../../components/loan-status-badge.tsx';
import { formatDate, formatMoney, humanize } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

type LoanItem = RouterOutputs['loans']['list']['data'][number];

/** Type, status, application date and amount: the top line of a loan, in the list and its page. */
export function LoanSummary({ loan, size }: { loan: LoanItem; size: 'md' | 'lg' }) {
  return (
    <Flex gap={size === 'lg' ? '4' : '3'} align="center" wrap="wrap">
      <Stack gap={size === 'lg' ? '1' : '0.5'} flex="1" minW={size === 'lg' ? '48' : '40'}>
        <HStack gap="2" wrap="wrap">
          <Text fontSize={size === 'lg' ? 'lg' : undefined} fontWeight="semibold">
            {`${humanize(loan.type)} loan`}
          </Text>
          <LoanStatusBadge status={loan.status} overdue={loan.overdue} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {`Applied ${formatDate(loan.applicationDate)}`}
        </Text>
      </Stack>
      <Text
        fontSize={size === 'lg' ? '2xl' : 'lg'}
        fontWeight="bold"
        fontVariantNumeric="tabular-nums"
      >
        {formatMoney(loan.amount)}
      </Text>
    </Flex>
  );
}

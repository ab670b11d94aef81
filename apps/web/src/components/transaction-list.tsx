import { Box, Link as ChakraLink, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatDate, humanize } from '../lib/format.ts';
import type { RouterOutputs } from '../lib/trpc.ts';
import { SignedAmount, TransactionStatusBadge } from './money.tsx';

export type TransactionItem = RouterOutputs['transactions']['list']['data'][number];

/** One row of a history: description and date, signed amount and status; opens the detail. */
function TransactionListItem({ transaction }: { transaction: TransactionItem }) {
  return (
    <Box as="li" listStyleType="none" _notLast={{ borderBottomWidth: '1px' }}>
      <ChakraLink
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        w="full"
        px={{ base: '3', md: '4' }}
        py="3"
        color="fg"
        borderRadius="l2"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        focusRingOffset="-2px"
      >
        <Link to="/transactions/$id" params={{ id: transaction.id }}>
          <Stack gap="0.5" flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {transaction.description}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(transaction.createdAt)} · {humanize(transaction.type)}
            </Text>
          </Stack>
          <Stack gap="1" align="flex-end" flexShrink="0">
            <SignedAmount amount={transaction.amount} direction={transaction.direction} />
            <HStack>
              <TransactionStatusBadge status={transaction.status} />
            </HStack>
          </Stack>
        </Link>
      </ChakraLink>
    </Box>
  );
}

export function TransactionList({
  transactions,
  label,
}: {
  transactions: TransactionItem[];
  label: string;
}) {
  return (
    <Box as="ul" aria-label={label} m="0" p="0">
      {transactions.map((transaction) => (
        <TransactionListItem key={transaction.id} transaction={transaction} />
      ))}
    </Box>
  );
}

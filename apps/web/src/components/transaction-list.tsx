import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  bankDateTime,
  dayHeading,
  groupByDay,
  otherSide,
  timeOfDay,
} from '../lib/transaction-text.ts';
import type { RouterOutputs } from '../lib/trpc.ts';
import { LinkRow, RowList } from './link-rows.tsx';
import { SignedAmount, TransactionStatusBadge } from './money.tsx';

export type TransactionItem = RouterOutputs['transactions']['list']['data'][number];

/**
 * One row of a history: description, the other side and the time (or the date, outside a
 * day's group), signed amount and status; opens the detail.
 */
function TransactionListItem({
  transaction,
  withDate,
}: {
  transaction: TransactionItem;
  withDate: boolean;
}) {
  const when = withDate ? bankDateTime(transaction.createdAt) : timeOfDay(transaction.createdAt);
  return (
    <LinkRow display="flex" alignItems="center" gap="3" w="full" borderRadius="l2">
      <Link to="/transactions/$id" params={{ id: transaction.id }}>
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {transaction.description}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {otherSide(transaction)} · {when}
          </Text>
        </Stack>
        <Stack gap="1" align="flex-end" flexShrink="0">
          <SignedAmount amount={transaction.amount} direction={transaction.direction} />
          <HStack>
            <TransactionStatusBadge status={transaction.status} />
          </HStack>
        </Stack>
      </Link>
    </LinkRow>
  );
}

/**
 * A history. `byDay` cuts it into the bank's days under 'Today', 'Yesterday', 'Nov 23'
 * (`now` decides which day is today); otherwise each row carries its date.
 */
export function TransactionList({
  transactions,
  label,
  byDay,
}: {
  transactions: TransactionItem[];
  label: string;
  byDay?: { now: Date };
}) {
  if (!byDay) {
    return (
      <RowList label={label}>
        {transactions.map((transaction) => (
          <TransactionListItem key={transaction.id} transaction={transaction} withDate />
        ))}
      </RowList>
    );
  }
  return (
    <RowList label={label}>
      {groupByDay(transactions).map((group) => {
        const heading = dayHeading(group.day, byDay.now);
        return (
          <Box as="li" key={group.day} listStyleType="none">
            <Text
              as="h2"
              fontSize="xs"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wide"
              color="fg.muted"
              px={{ base: '3', md: '4' }}
              pt="3"
              pb="1"
            >
              {heading}
            </Text>
            <RowList label={heading}>
              {group.rows.map((transaction) => (
                <TransactionListItem
                  key={transaction.id}
                  transaction={transaction}
                  withDate={false}
                />
              ))}
            </RowList>
          </Box>
        );
      })}
    </RowList>
  );
}

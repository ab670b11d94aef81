import {
  type SpendingCategory,
  spendingCategories,
  spendingCategoryLabels,
} from '@bank/validators/categories';
import { Box, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, formatMonth } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { TitledCard } from './titled-card.tsx';

type Spending = RouterOutputs['transactions']['stats']['spendingByCategory'];

/** One colour per category, in the catalogue's order: a category keeps its colour every month. */
const palette = [
  'green',
  'blue',
  'pink',
  'teal',
  'orange',
  'purple',
  'cyan',
  'yellow',
  'red',
  'gray',
  'green',
  'blue',
  'orange',
  'purple',
] as const;
const colorOf = (category: SpendingCategory) =>
  `var(--chakra-colors-${palette[spendingCategories.indexOf(category)] ?? 'gray'}-500)`;

/** Whole per cent of the month's spending, by integer cents (never float sums of dollars). */
function shareOf(amount: number, total: number): number {
  const cents = Math.round(amount * 100);
  const all = Math.round(total * 100);
  return all === 0 ? 0 : Math.round((cents * 100) / all);
}

const totalOf = (rows: Spending) =>
  rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100;

/** The month's spending as one bar split by category (the list below carries the numbers). */
function SpendingBar({ rows, total }: { rows: Spending; total: number }) {
  return (
    <Flex h="3" w="full" borderRadius="full" overflow="hidden" bg="bg.muted" aria-hidden="true">
      {rows
        .filter((row) => row.amount > 0)
        .map((row) => (
          <Box
            key={row.category}
            h="full"
            style={{
              width: `${(Math.round(row.amount * 100) * 100) / Math.round(total * 100)}%`,
              background: colorOf(row.category),
            }}
          />
        ))}
    </Flex>
  );
}

function SpendingList({ rows, total }: { rows: Spending; total: number }) {
  return (
    <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" aria-label="Spending by category">
      {rows.map((row) => (
        <Stack as="li" key={row.category} gap="1">
          <HStack gap="3" justify="space-between" align="baseline">
            <HStack gap="2" minW="0">
              <Box
                boxSize="3"
                borderRadius="sm"
                flexShrink="0"
                aria-hidden="true"
                style={{ background: colorOf(row.category) }}
              />
              <Text fontWeight="medium" truncate>
                {spendingCategoryLabels[row.category]}
              </Text>
            </HStack>
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink="0">
              {formatMoney(row.amount)}
            </Text>
          </HStack>
          <HStack gap="3" justify="space-between" fontSize="sm" color="fg.muted">
            <Text>{`${shareOf(row.amount, total)}% of this month`}</Text>
            <Text fontVariantNumeric="tabular-nums">{`Last month ${formatMoney(row.lastMonth)}`}</Text>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * This month's spending by the customer's own categories (docs/product.md 2.9), largest first,
 * each beside last month's: a bar split by category, then the list with the figures.
 */
export function SpendingByCategory() {
  const stats = trpc.transactions.stats.useQuery();
  let body: ReactNode;
  if (stats.isPending) {
    body = <Skeleton height="40" />;
  } else if (stats.isError) {
    body = <ErrorAlert>{errorMessage(stats.error, 'Failed to fetch stats')}</ErrorAlert>;
  } else {
    const rows = stats.data.spendingByCategory;
    const total = totalOf(rows);
    body =
      rows.length === 0 ? (
        <Text color="fg.muted" py="4" textAlign="center">
          No spending this month or last.
        </Text>
      ) : (
        <Stack gap="5">
          <Stack gap="2">
            <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
              {formatMoney(total)}
            </Text>
            {total > 0 ? <SpendingBar rows={rows} total={total} /> : null}
          </Stack>
          <SpendingList rows={rows} total={total} />
        </Stack>
      );
  }
  return (
    <TitledCard
      headingId="spending-heading"
      title="Spending by category"
      note={<>{stats.data ? formatMonth(stats.data.thisMonth.month) : 'This month'}, so far</>}
      bodyPaddingX="4"
    >
      {body}
    </TitledCard>
  );
}

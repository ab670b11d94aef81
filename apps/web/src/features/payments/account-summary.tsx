import { Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

function Figure(props: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {props.label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
        {props.value}
      </Text>
      {props.hint ? (
        <Text fontSize="sm" color="fg.muted">
          {props.hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The available balance, and the daily limit that applies to the form beside it with what
 * is left of it today (limits count pending and completed movements since midnight UTC).
 */
export function AccountSummary({ limit }: { limit?: 'transfer' | 'withdrawal' }) {
  const balance = trpc.transactions.balance.useQuery();
  if (balance.isError) {
    return <ErrorAlert>{errorMessage(balance.error, 'Failed to fetch balance')}</ErrorAlert>;
  }
  const data = balance.data;
  const dailyLimit =
    limit === 'transfer'
      ? data && {
          label: 'Daily transfer limit',
          max: data.transferLimit,
          used: data.transferredToday,
        }
      : limit === 'withdrawal'
        ? data && {
            label: 'Daily withdrawal limit',
            max: data.withdrawalLimit,
            used: data.withdrawnToday,
          }
        : undefined;
  return (
    <Card.Root variant="subtle" bg="brand.subtle" as="section" aria-label="Account summary">
      <Card.Body p={{ base: '4', md: '5' }}>
        {!data ? (
          <HStack role="status" aria-label="Loading balance">
            <Skeleton height="12" width="48" />
          </HStack>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: limit ? 2 : 1 }} gap="4">
            <Figure label="Available balance" value={formatMoney(data.balance)} />
            {dailyLimit ? (
              <Figure
                label={dailyLimit.label}
                value={formatMoney(dailyLimit.max)}
                hint={`${formatMoney(Math.max(dailyLimit.max - dailyLimit.used, 0))} left today`}
              />
            ) : null}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

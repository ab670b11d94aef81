import { Box, Link as ChakraLink, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ErrorAlert } from '../../components/alerts.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** A bank calendar day as 'Mon, Mar 7' (read in UTC: never shifted by the viewer's zone). */
const dayLabel = (day: string) => weekday.format(new Date(`${day}T00:00:00Z`));

/** The next 7 days' scheduled payments, and what stays available once they are paid. */
export function UpcomingPayments() {
  const upcoming = trpc.scheduled.upcoming.useQuery();
  const manage = (
    <ChakraLink asChild fontSize="sm">
      <Link to="/transfers/scheduled">Scheduled transfers</Link>
    </ChakraLink>
  );
  if (upcoming.isError)
    return (
      <SectionCard title="Upcoming" action={manage}>
        <ErrorAlert>{errorMessage(upcoming.error, 'Failed to load upcoming payments')}</ErrorAlert>
      </SectionCard>
    );
  const data = upcoming.data;
  return (
    <SectionCard title="Upcoming" action={manage}>
      {!data ? (
        <Skeleton height="16" />
      ) : data.payments.length === 0 ? (
        <Text color="fg.muted">No scheduled payments in the next 7 days.</Text>
      ) : (
        <Stack gap="3">
          <Box as="ul" aria-label="Upcoming payments" m="0" p="0" listStyleType="none">
            {data.payments.map((payment) => (
              <Flex
                as="li"
                key={`${payment.scheduledTransferId}-${payment.date}`}
                justify="space-between"
                gap="3"
                py="2"
                borderBottomWidth="1px"
              >
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {payment.payeeName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {payment.description
                      ? `${dayLabel(payment.date)} · ${payment.description}`
                      : dayLabel(payment.date)}
                  </Text>
                </Stack>
                <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {`\u2212${formatMoney(payment.amount)}`}
                </Text>
              </Flex>
            ))}
          </Box>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text color="fg.muted">Available after these payments</Text>
            <Text
              fontWeight="semibold"
              fontVariantNumeric="tabular-nums"
              color={data.availableAfter < 0 ? 'fg.error' : undefined}
            >
              {formatMoney(data.availableAfter)}
            </Text>
          </HStack>
          {data.availableAfter < 0 ? (
            <Text fontSize="sm" color="fg.error">
              Your available balance does not cover these payments. Add money before they are due.
            </Text>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}

import { Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuCalendarClock } from 'react-icons/lu';

/**
 * "Schedule": the same payment to a saved payee on a later date, or again every week, two weeks
 * or month. It opens the schedule form with the payee and the amount typed so far.
 */
export function ScheduleOption(props: { payeeId: string | undefined; amount: unknown }) {
  const amount =
    typeof props.amount === 'number' && Number.isFinite(props.amount) && props.amount > 0
      ? props.amount
      : undefined;
  return (
    <HStack gap="3" wrap="wrap" borderWidth="1px" borderRadius="l2" p="3">
      <Text fontSize="sm" flex="1" minW="12rem">
        {props.payeeId
          ? 'Pay later, or every week, 2 weeks or month?'
          : 'Scheduled and recurring payments go to a saved payee.'}
      </Text>
      <Button asChild size="sm" variant="outline">
        <Link
          to="/transfers/scheduled/new"
          search={{
            ...(props.payeeId ? { payee: props.payeeId } : {}),
            ...(amount ? { amount } : {}),
          }}
        >
          <LuCalendarClock aria-hidden="true" /> Schedule
        </Link>
      </Button>
    </HStack>
  );
}

import { Alert, Link as ChakraLink, HStack, Stack, Text } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Restrictions = RouterOutputs['restrictions']['mine'];
type Freeze = NonNullable<Restrictions['accounts'][number]['freeze']>;

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Dec 2": when a hold or freeze ends, in the viewer's time zone. */
export function formatShortDay(iso: string): string {
  return shortDay.format(new Date(iso));
}

const whatStops: Record<Freeze['mode'], string> = {
  all: 'Payments into and out of your account are stopped',
  debits: 'Payments out of your account are stopped',
  credits: 'Payments into your account are stopped',
};

/** The banner of a frozen account: what stops, until when, and how to reach support. */
export function FrozenBanner(props: { freeze: Freeze; support: Restrictions['support'] }) {
  const { freeze, support } = props;
  const until = freeze.expiresAt ? ` until ${formatShortDay(freeze.expiresAt)}` : '';
  return (
    <Alert.Root status="error" variant="subtle" role="alert">
      <Alert.Indicator>
        <LuLock />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>This account is frozen</Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            <Text>
              {whatStops[freeze.mode]}
              {until}. Please contact support.
            </Text>
            <HStack columnGap="4" rowGap="0.5" flexWrap="wrap">
              <ChakraLink href={`mailto:${support.email}`} fontWeight="medium">
                {support.email}
              </ChakraLink>
              <ChakraLink href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} fontWeight="medium">
                {support.phone}
              </ChakraLink>
            </HStack>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** One line per hold in force: "$50.00 on hold until Dec 2". */
export function HoldLines(props: { holds: Restrictions['accounts'][number]['holds'] }) {
  if (props.holds.length === 0) return null;
  return (
    <Stack as="ul" aria-label="Amounts on hold" gap="1" listStyleType="none" m="0" p="0">
      {props.holds.map((hold) => (
        <Text as="li" key={hold.id} fontSize="sm" color="fg.muted">
          {formatMoney(hold.amount)} on hold until {formatShortDay(hold.expiresAt)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * What staff put on the customer's accounts, on the dashboard: a banner for a freeze, and the
 * available balance with the holds that keep the rest back. Nothing when there is none.
 */
export function AccountRestrictions() {
  const restrictions = trpc.restrictions.mine.useQuery();
  if (!restrictions.data) return null;
  const { accounts, support } = restrictions.data;
  const shown = accounts.filter((account) => account.freeze || account.holds.length > 0);
  if (shown.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-label="Account restrictions">
      {shown.map((account) => (
        <Stack key={account.accountNumber} gap="2">
          {account.freeze ? <FrozenBanner freeze={account.freeze} support={support} /> : null}
          {account.holds.length > 0 ? (
            <Stack
              gap="1"
              p="3"
              borderWidth="1px"
              borderRadius="l2"
              bg="bg.subtle"
              aria-label="Available to spend"
              as="section"
            >
              <Text fontWeight="medium">{formatMoney(account.available)} available to spend</Text>
              <HoldLines holds={account.holds} />
            </Stack>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

import { Alert, Box, Text } from '@chakra-ui/react';
import { DescribedSection } from '../../components/described-section.tsx';
import { DetailList, type DetailRow } from '../../components/detail-list.tsx';
import { formatMoney, humanize } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type PayeeAnswer = RouterOutputs['transactions']['lookupPayee'];
export type SavedPayee = RouterOutputs['payees']['list']['data'][number];

/**
 * What the customer confirms: the form's values and either the payee check's answer for the
 * number typed, or the saved payee chosen (checked when it was saved).
 */
export interface TransferToReview {
  recipientName?: string | undefined;
  recipientAccountNumber?: string | undefined;
  routingNumber?: string | undefined;
  amount: number;
  description?: string | undefined;
  payee: PayeeAnswer | null;
  saved?: SavedPayee | undefined;
}

const savedCheck = {
  match: 'The name matched the account holder when the payee was saved',
  close: 'The name was close to the account holder’s when the payee was saved',
  no_match: 'The name did not match the account holder when the payee was saved',
} as const;

/** A saved payee's check, as it was when the payee was saved. */
function SavedPayeeCheck({ saved }: { saved: SavedPayee }) {
  const { result } = saved.confirmation;
  const title =
    saved.bank === 'external'
      ? 'Another bank’s account, saved by you'
      : result
        ? savedCheck[result]
        : 'Saved payee';
  return (
    <Alert.Root status={result === 'match' ? 'success' : 'warning'} variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payee check: {title}</Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}

const ending = (number: string) => `ending ${number.slice(-4)}`;

export const ARRIVES_INSTANTLY = 'Instantly';
export const ARRIVES_AFTER_CLEARING =
  'When the other bank clears it: pending until then, each stage shown in its timeline';

/** Whom the money reaches, as the payee check named them (our customers masked: "Bob S."). */
function recipientOf(review: TransferToReview): string {
  if (review.saved) return review.saved.name;
  if (review.payee?.bank === 'horizon' && review.payee.holderName) return review.payee.holderName;
  return review.recipientName?.trim() || 'External account';
}

/** The payee check's answer, as the form showed it. */
function PayeeCheckResult({ payee }: { payee: PayeeAnswer }) {
  const status =
    payee.bank === 'external' || payee.nameMatch === 'close' || payee.nameMatch === 'no_match'
      ? 'warning'
      : 'success';
  const title =
    payee.bank === 'external'
      ? 'Another bank’s account: the name cannot be confirmed'
      : payee.nameMatch === 'match'
        ? 'The name matches the account holder'
        : payee.nameMatch === 'close'
          ? 'The name is close to the account holder’s'
          : payee.nameMatch === 'no_match'
            ? 'The name does not match the account holder'
            : `${payee.holderName ?? 'The holder'} holds this Horizon Bank account`;
  return (
    <Alert.Root status={status} variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payee check: {title}</Alert.Title>
        {payee.bank === 'external' ? (
          <Alert.Description>You confirmed the account number yourself.</Alert.Description>
        ) : payee.nameMatch && payee.nameMatch !== 'match' ? (
          <Alert.Description>{payee.message}</Alert.Description>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The review step before any money leaves: to whom, from which account, how much, when it
 * arrives, and what the payee check said. 'Send Money' and 'Edit' are the form's buttons.
 */
export function TransferReview(props: {
  review: TransferToReview;
  from: { accountNumber: string; accountType: string } | undefined;
}) {
  const { review, from } = props;
  const { saved } = review;
  const internal = saved ? saved.bank === 'internal' : review.payee?.bank === 'horizon';
  const number = saved?.accountNumber ?? review.recipientAccountNumber ?? '';
  const routingNumber = saved?.routingNumber ?? review.routingNumber;
  const rows: DetailRow[] = [
    { label: 'To', value: recipientOf(review) },
    { label: internal ? 'Horizon Bank account' : 'Account', value: ending(number) },
  ];
  if (!internal && routingNumber)
    rows.push({ label: 'Routing number', value: routingNumber, mono: true });
  rows.push({
    label: 'From',
    value: from ? `${humanize(from.accountType)} ${ending(from.accountNumber)}` : 'Your account',
  });
  if (review.description?.trim()) rows.push({ label: 'Description', value: review.description });
  rows.push({ label: 'Arrives', value: internal ? ARRIVES_INSTANTLY : ARRIVES_AFTER_CLEARING });
  return (
    <DescribedSection
      title="Review your transfer"
      description="Nothing is sent until you choose Send Money."
      gap="5"
    >
      <Box textAlign="center" py="2">
        <Text fontSize="sm" color="fg.muted">
          You are sending
        </Text>
        <Text fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
          {formatMoney(review.amount)}
        </Text>
      </Box>
      <DetailList rows={rows} />
      {saved ? (
        <SavedPayeeCheck saved={saved} />
      ) : review.payee ? (
        <PayeeCheckResult payee={review.payee} />
      ) : null}
    </DescribedSection>
  );
}

import { recipientAccountNumberField } from '@bank/validators/money';
import { Alert, Checkbox, Field, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc.ts';

export const EXTERNAL_CONFIRMATION =
  'I have checked the account number: send this money to another bank';
export const CONFIRM_EXTERNAL_FIRST = 'Confirm that you want to send money to another bank';
export const NAME_MISMATCH_ADVICE =
  'Check the name and the number with the person you are paying before you send.';

/** The value after the user has stopped typing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the server says about a number (and the typed name), once both have settled. */
export function usePayee(accountNumber: string, name: string) {
  const settled = useSettled({ accountNumber: accountNumber.trim(), name: name.trim() }, 400);
  const wellFormed = recipientAccountNumberField.safeParse(settled.accountNumber).success;
  const query = trpc.transactions.lookupPayee.useQuery(
    { accountNumber: settled.accountNumber, ...(settled.name ? { name: settled.name } : {}) },
    { enabled: wellFormed, staleTime: 60_000, retry: false },
  );
  const current = settled.accountNumber === accountNumber.trim() && wellFormed;
  return { payee: current ? query.data : undefined, checking: current && query.isFetching };
}

type Payee = NonNullable<ReturnType<typeof usePayee>['payee']>;

/**
 * Confirmation of payee (the integrator API review): under the account number, who the money will
 * reach (as the transfer credits them), whether the typed name matches, and for another bank's
 * number an explicit confirmation before 'Send Money'.
 */
export function RecipientCheck(props: {
  payee: Payee | undefined;
  checking: boolean;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  confirmationError: string | undefined;
}) {
  const { payee } = props;
  if (props.checking && !payee) {
    return (
      <Stack direction="row" align="center" gap="2" color="fg.muted" role="status">
        <Spinner size="xs" />
        <Text textStyle="sm">Checking the account…</Text>
      </Stack>
    );
  }
  if (!payee) return null;
  if (payee.bank === 'external') {
    return (
      <Stack gap="3">
        <Alert.Root status="warning" variant="subtle" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Another bank’s account</Alert.Title>
            <Alert.Description>{payee.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Field.Root invalid={props.confirmationError !== undefined}>
          <Checkbox.Root
            checked={props.confirmed}
            onCheckedChange={(details) => props.onConfirmedChange(details.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label fontWeight="normal">{EXTERNAL_CONFIRMATION}</Checkbox.Label>
          </Checkbox.Root>
          {props.confirmationError ? (
            // Darker than fg.error: small text needs 4.5:1 (axe color-contrast).
            <Field.ErrorText color={{ base: 'red.700', _dark: 'red.300' }}>
              {props.confirmationError}
            </Field.ErrorText>
          ) : null}
        </Field.Root>
      </Stack>
    );
  }
  if (!payee.holderName) {
    return (
      <Alert.Root status="error" variant="subtle" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{payee.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const status = payee.ownAccount || payee.nameMatch === 'no_match' ? 'warning' : 'success';
  const title =
    payee.nameMatch === 'no_match'
      ? `The name does not match: this account is ${payee.holderName}’s`
      : `Paying ${payee.holderName} at Horizon Bank`;
  return (
    <Alert.Root
      status={payee.nameMatch === 'close' ? 'warning' : status}
      variant="subtle"
      role="status"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {payee.nameMatch === 'no_match'
            ? NAME_MISMATCH_ADVICE
            : payee.nameMatch === null && !payee.ownAccount
              ? 'Type their name above to check it matches the account holder’s.'
              : payee.message}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

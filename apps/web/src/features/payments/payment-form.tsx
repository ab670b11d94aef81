import { Button, Card, Field, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { TRPCClientError } from '@trpc/client';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SavedItemSelect } from '../../components/saved-item-select.tsx';
import { formatMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { AccountSummary } from './account-summary.tsx';

/**
 * The frame the deposit, withdraw and transfer pages share: heading, account summary, and a
 * form whose fields are disabled while it is sent, ending with the submit button.
 */
export function PaymentForm(props: {
  title: string;
  intro: string;
  limit?: 'transfer' | 'withdrawal';
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  submitLabel: string;
  /** Beside the submit button (the transfer's review step: 'Edit'). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="6" maxW="2xl">
      <PageTitle title={props.title}>{props.intro}</PageTitle>
      <AccountSummary limit={props.limit} />
      <Card.Root variant="outline">
        <Card.Body>
          <form onSubmit={props.onSubmit} noValidate>
            <Stack asChild gap="5" border="0" p="0" m="0" minW="0">
              <fieldset disabled={props.isSubmitting}>
                {props.children}
                <HStack gap="3" alignSelf="flex-start" wrap="wrap">
                  <Button type="submit" loading={props.isSubmitting} loadingText="Processing...">
                    {props.submitLabel}
                  </Button>
                  {props.secondaryAction}
                </HStack>
              </fieldset>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/**
 * The server's refusals that are about the amount, shown at the amount field. The limits' go
 * on to name the limit ('Daily transfer limit exceeded: the limit is $100.00 a day').
 */
const AMOUNT_REFUSALS = [
  'Insufficient funds',
  'Daily transfer limit exceeded',
  'Daily withdrawal limit exceeded',
  'New payee limit exceeded',
  'Payee daily limit exceeded',
];

/** The refusal's text when it is about the amount (else the form shows it as a toast). */
function amountRefusal(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const { message } = error;
  return AMOUNT_REFUSALS.some((refusal) => message.startsWith(refusal)) ? message : null;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The form's way to show a message at its amount field (react-hook-form's `setError`). */
type SetAmountError = (
  name: 'amount',
  error: { message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * A money form's amount refusals, shown at its amount field (focused). `refuses` checks an
 * amount against the balance and the daily limit shown beside the form, before sending (the
 * server judges again: these are the same rules on the figures on screen), and says whether it
 * refused; `refusalIn` picks the server's refusal of the amount out of an error.
 */
export function useAmountCheck(limit: 'transfer' | 'withdrawal', setError: SetAmountError) {
  const refusalOf = useAmountRefusal(limit);
  const show = (message: string) => setError('amount', { message }, { shouldFocus: true });
  return {
    refuses: (amount: number): boolean => {
      const refusal = refusalOf(amount);
      if (refusal) show(refusal);
      return refusal !== null;
    },
    refusalIn: amountRefusal,
    show,
  };
}

function useAmountRefusal(limit: 'transfer' | 'withdrawal') {
  const balance = trpc.transactions.balance.useQuery();
  return (amount: number): string | null => {
    const data = balance.data;
    if (!data) return null;
    const cents = toCents(amount);
    if (cents > toCents(data.balance)) return 'Insufficient funds';
    const [max, used] =
      limit === 'transfer'
        ? [data.transferLimit, data.transferredToday]
        : [data.withdrawalLimit, data.withdrawnToday];
    if (toCents(used) + cents > toCents(max)) {
      // Worded as the server words it.
      return `Daily ${limit} limit exceeded: the limit is ${formatMoney(max)} a day`;
    }
    return null;
  };
}

const PLAIN_DECIMAL = /^-?\d*\.?\d*$/;

/**
 * How an amount field's text becomes the form's value (`register('amount', amountInput)`):
 * blank is NaN (the schema says it is required), plain decimals a number, anything else is
 * left as text that the schema refuses ('Amount must be a number'). `valueAsNumber` would read
 * `1e2` as 100.
 */
export const amountInput = {
  setValueAs: (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return Number.NaN;
    return PLAIN_DECIMAL.test(text) && /\d/.test(text) ? Number(text) : text;
  },
};

/**
 * The amount in dollars; register it with `amountInput`. A text field with the decimal keypad
 * rather than type="number": no exponent notation and no spinner arrows over the suffix.
 */
export function AmountField(props: {
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label="Amount" error={props.error} required>
      <InputGroup startElement="$" endElement="USD">
        <Input type="text" inputMode="decimal" autoComplete="off" {...props.registration} />
      </InputGroup>
    </FormField>
  );
}

/** Picks one of the user's saved banks, or none to enter the details by hand. */
export function SavedBankSelect(props: {
  banks: ReadonlyArray<{ id: string; name: string; maskedAccountNumber: string }>;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  if (props.banks.length === 0) return null;
  return (
    <Field.Root>
      <Field.Label>Saved bank</Field.Label>
      <SavedItemSelect
        items={props.banks}
        labelOf={(bank) => `${bank.name} ${bank.maskedAccountNumber}`}
        noneLabel="Enter bank details"
        value={props.value}
        onChange={props.onChange}
      />
    </Field.Root>
  );
}

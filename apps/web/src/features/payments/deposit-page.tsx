import { type DepositInput, depositInput } from '@bank/validators/money';
import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { CardCvvInput, CardExpiryInput, CardNumberInput } from '../../components/card-inputs.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SavedItemSelect } from '../../components/saved-item-select.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { BankAccountFields } from './bank-account-fields.tsx';
import { MethodField, type MethodOption } from './method-choice.tsx';
import { useMoneyForm } from './money-form.ts';
import { AmountField, amountInput, PaymentForm } from './payment-form.tsx';

export const DEPOSIT_SUCCESS = 'Deposit completed successfully';
const DEPOSIT_DESCRIPTION = 'Deposit funds';

type Method = DepositInput['method'];

const bankDetailNames = {
  bankName: 'bankName',
  accountNumber: 'bankAccountNumber',
  routingNumber: 'bankRoutingNumber',
} as const;

const methods: ReadonlyArray<MethodOption<Method>> = [
  { value: 'card', label: 'Card', description: 'Debit or credit card' },
  { value: 'bank', label: 'Bank account', description: 'From a bank account' },
  { value: 'cash', label: 'Cash', description: 'Not available online', disabled: true },
];

type DepositField =
  | 'amount'
  | 'cardNumber'
  | 'expiryDate'
  | 'cvv'
  | 'bankName'
  | 'bankAccountNumber'
  | 'bankRoutingNumber';

const fieldByFirstWord: Record<string, DepositField> = {
  amount: 'amount',
  card: 'cardNumber',
  expiry: 'expiryDate',
  cvv: 'cvv',
  bank: 'bankName',
  account: 'bankAccountNumber',
  routing: 'bankRoutingNumber',
};

function isDepositField(value: string): value is DepositField {
  return Object.values(fieldByFirstWord).some((field) => field === value);
}

/**
 * docs/product.md 8: a detail goes to the field its message's first word names ('Card number must
 * be 16 digits' → cardNumber); failing that, to the field the server named; failing that, cvv.
 */
export function depositFieldFor(detail: { field: string; message: string }): DepositField {
  const firstWord = detail.message.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return fieldByFirstWord[firstWord] ?? (isDepositField(detail.field) ? detail.field : 'cvv');
}

/** docs/product.md 2.14: by card (new or saved, with its CVV) or from a bank account (new or saved). */
export function DepositPage() {
  const deposit = trpc.transactions.deposit.useMutation();
  const { form, errors, isSubmitting, savedCards, savedBanks, moneyMoved } = useMoneyForm(
    depositInput,
    {
      type: 'deposit',
      method: 'card',
      currency: 'USD',
      description: DEPOSIT_DESCRIPTION,
      cardNumber: '',
      expiryDate: '',
      cvv: '',
      bankName: '',
      bankAccountNumber: '',
      bankRoutingNumber: '',
    },
  );
  const method = form.watch('method');
  const cardId = form.watch('cardId');
  const bankId = form.watch('bankId');
  const savedCard = savedCards.find((card) => card.id === cardId);
  // With cards saved, the form starts on the first (a customer who saved one mostly uses it);
  // once only, so choosing 'Use a new card' sticks.
  const firstSaved = savedCards[0]?.id;
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !firstSaved) return;
    defaulted.current = true;
    if (form.getValues('cardId') === undefined) form.setValue('cardId', firstSaved);
  }, [firstSaved, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    // Only what the chosen method needs travels.
    const common = {
      type: 'deposit' as const,
      amount: values.amount,
      currency: values.currency,
      description: DEPOSIT_DESCRIPTION,
      idempotencyKey: newIdempotencyKey(),
    };
    const payload: DepositInput =
      values.method === 'card'
        ? values.cardId
          ? { ...common, method: 'card', cardId: values.cardId, cvv: values.cvv }
          : {
              ...common,
              method: 'card',
              cardNumber: values.cardNumber?.replace(/\D/g, ''),
              expiryDate: values.expiryDate,
              cvv: values.cvv,
            }
        : values.bankId
          ? { ...common, method: 'bank', bankId: values.bankId }
          : {
              ...common,
              method: 'bank',
              bankName: values.bankName,
              bankAccountNumber: values.bankAccountNumber,
              bankRoutingNumber: values.bankRoutingNumber,
            };
    try {
      const result = await deposit.mutateAsync(payload);
      await moneyMoved(result.newBalance, DEPOSIT_SUCCESS);
    } catch (error) {
      const info = apiErrorInfo(error);
      const message = errorMessage(error, 'Deposit failed');
      if (info.message === 'Wrong CVV') {
        // docs/product.md 5: the saved card's CVV did not match.
        notify({ type: 'error', message: 'Wrong CVV' });
        form.setError('cvv', { type: 'server', message: 'Wrong CVV' }, { shouldFocus: true });
        return;
      }
      if (info.details.length > 0) {
        for (const detail of info.details) {
          form.setError(depositFieldFor(detail), { type: 'server', message: detail.message });
        }
        return;
      }
      if (values.method === 'card') {
        form.setError('cvv', { type: 'server', message }, { shouldFocus: true });
      } else {
        notify({ type: 'error', message });
      }
    }
  });

  return (
    <PaymentForm
      title="Deposit Funds"
      intro="Add money to your account from a card or another bank."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Deposit Funds"
    >
      <MethodField form={form} name="method" label="Deposit method" options={methods} />

      {method === 'card' ? (
        <Stack gap="4">
          {savedCards.length > 0 ? (
            <Field.Root>
              <Field.Label>Saved card</Field.Label>
              <SavedItemSelect
                items={savedCards}
                labelOf={(card) => `${humanize(card.type)} ${card.number} (${card.name})`}
                noneLabel="Use a new card"
                value={cardId}
                onChange={(id) => {
                  form.setValue('cardId', id);
                  form.setValue('cvv', '');
                  form.clearErrors();
                }}
              />
            </Field.Root>
          ) : null}
          {savedCard ? (
            <Field.Root readOnly>
              <Field.Label>Card number</Field.Label>
              <Input value={savedCard.number} readOnly name="savedCardNumber" />
              <Field.HelperText>
                {`${humanize(savedCard.type)} card, expires ${savedCard.expiry}. Enter its CVV to confirm.`}
              </Field.HelperText>
            </Field.Root>
          ) : (
            <FormField label="Card number" error={errors.cardNumber} required>
              <CardNumberInput {...form.register('cardNumber')} />
            </FormField>
          )}
          <SimpleGrid columns={2} gap="4">
            {savedCard ? null : (
              <FormField label="Expiry date" error={errors.expiryDate} required>
                <CardExpiryInput {...form.register('expiryDate')} />
              </FormField>
            )}
            <FormField label="CVV" error={errors.cvv} required>
              <CardCvvInput {...form.register('cvv')} />
            </FormField>
          </SimpleGrid>
        </Stack>
      ) : null}

      {method === 'bank' ? (
        <BankAccountFields form={form} names={bankDetailNames} banks={savedBanks} bankId={bankId} />
      ) : null}

      <AmountField error={errors.amount} registration={form.register('amount', amountInput)} />
    </PaymentForm>
  );
}

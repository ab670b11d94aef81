import { type WithdrawInput, withdrawInput } from '@bank/validators/money';
import { Link as ChakraLink, Input, NativeSelect } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { InfoAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { firstPage } from '../../lib/page-data.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { BankAccountFields } from './bank-account-fields.tsx';
import { MethodChoice, type MethodOption } from './method-choice.tsx';
import { useMoneyMoved } from './money-form.ts';
import {
  AmountField,
  amountInput,
  amountRefusal,
  PaymentForm,
  useAmountCheck,
} from './payment-form.tsx';

export const WITHDRAW_SUCCESS = 'Withdrawal request submitted successfully';

type Method = WithdrawInput['method'];

const methods: ReadonlyArray<MethodOption<Method>> = [
  { value: 'bank', label: 'Bank account', description: 'To a bank account' },
  { value: 'card', label: 'Debit card', description: 'To a saved debit card' },
  { value: 'cash_pickup', label: 'Cash pickup', description: 'Collect with a pickup code' },
];

/** docs/product.md 2.15: to a bank account (new or saved), a saved debit card, or cash pickup. */
export function WithdrawPage() {
  const user = useCurrentUser();
  const withdraw = trpc.transactions.withdraw.useMutation();
  const cards = trpc.cards.list.useQuery(firstPage);
  const banks = trpc.banks.list.useQuery();
  const moneyMoved = useMoneyMoved();
  const form = useForm({
    resolver: zodResolver(withdrawInput),
    mode: 'onTouched',
    defaultValues: {
      type: 'withdraw',
      method: 'bank',
      currency: 'USD',
      bankName: '',
      accountNumber: '',
      routingNumber: '',
      accountName: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const method = form.watch('method');
  const bankId = form.watch('bankId');
  const cardId = form.watch('cardId');
  const debitCards = (cards.data?.cards ?? []).filter((card) => card.type === 'debit');
  const savedBanks = banks.data?.data ?? [];

  const chooseBank = (id: string | undefined) => {
    const bank = savedBanks.find((candidate) => candidate.id === id);
    form.setValue('bankId', bank?.id);
    form.setValue('bankName', bank?.name ?? '');
    form.setValue('accountNumber', bank?.accountNumber ?? '');
    form.setValue('routingNumber', bank?.routingNumber ?? '');
    form.setValue(
      'accountName',
      bank ? (bank.accountName ?? `${user.firstName} ${user.lastName}`) : '',
    );
    form.clearErrors(['bankName', 'accountNumber', 'routingNumber', 'accountName']);
  };

  const checkAmount = useAmountCheck('withdrawal');
  const onSubmit = form.handleSubmit(async (values) => {
    const overLimit = checkAmount(values.amount);
    if (overLimit) {
      form.setError('amount', { message: overLimit }, { shouldFocus: true });
      return;
    }
    const common = {
      type: 'withdraw' as const,
      amount: values.amount,
      currency: values.currency,
      idempotencyKey: newIdempotencyKey(),
    };
    const payload: WithdrawInput =
      values.method === 'bank'
        ? values.bankId
          ? { ...common, method: 'bank', bankId: values.bankId }
          : {
              ...common,
              method: 'bank',
              bankName: values.bankName,
              accountNumber: values.accountNumber,
              routingNumber: values.routingNumber,
              accountName: values.accountName,
            }
        : values.method === 'card'
          ? { ...common, method: 'card', cardId: values.cardId }
          : { ...common, method: 'cash_pickup' };
    try {
      const result = await withdraw.mutateAsync(payload);
      await moneyMoved(result.newBalance, WITHDRAW_SUCCESS);
    } catch (error) {
      const refusal = amountRefusal(error);
      if (refusal) form.setError('amount', { message: refusal }, { shouldFocus: true });
      else notify({ type: 'error', message: errorMessage(error, 'Withdrawal failed') });
    }
  });

  const readOnly = Boolean(bankId);

  return (
    <PaymentForm
      title="Withdraw Funds"
      intro="Move money out of your account. Withdrawals are paid out within a few moments."
      limit="withdrawal"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Withdraw"
    >
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <MethodChoice
            label="Withdrawal method"
            name={field.name}
            value={field.value}
            options={methods}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors();
            }}
          />
        )}
      />

      {method === 'bank' ? (
        <BankAccountFields
          banks={savedBanks}
          bankId={bankId}
          onChooseBank={chooseBank}
          bankName={{ registration: form.register('bankName'), error: errors.bankName }}
          accountNumber={{
            registration: form.register('accountNumber'),
            error: errors.accountNumber,
          }}
          routingNumber={{
            registration: form.register('routingNumber'),
            error: errors.routingNumber,
          }}
        >
          <FormField label="Account name" error={errors.accountName} required readOnly={readOnly}>
            <Input readOnly={readOnly} {...form.register('accountName')} />
          </FormField>
        </BankAccountFields>
      ) : null}

      {method === 'card' ? (
        debitCards.length > 0 ? (
          <FormField label="Debit card" error={errors.cardId} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={cardId ?? ''}
                onChange={(event) => {
                  form.setValue('cardId', event.target.value || undefined, {
                    shouldValidate: true,
                  });
                }}
              >
                <option value="">Choose a debit card</option>
                {debitCards.map((card) => (
                  <option key={card.id} value={card.id}>
                    {`${card.number} (${card.name}, expires ${card.expiry})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : (
          <InfoAlert title="No saved debit card">
            Withdrawals to a card need a saved debit card.{' '}
            <ChakraLink asChild variant="underline">
              <Link to="/my-cards">Add one in My Cards</Link>
            </ChakraLink>
          </InfoAlert>
        )
      ) : null}

      {method === 'cash_pickup' ? (
        <InfoAlert>
          You will find the pickup code in the transaction details once the request is submitted.
          Bring photo ID to collect the cash.
        </InfoAlert>
      ) : null}

      <AmountField error={errors.amount} registration={form.register('amount', amountInput)} />
    </PaymentForm>
  );
}

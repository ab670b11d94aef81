import { type WithdrawInput, withdrawInput } from '@bank/validators/money';
import { Link as ChakraLink, Input } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { InfoAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SavedItemSelect } from '../../components/saved-item-select.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { BankAccountFields } from './bank-account-fields.tsx';
import { MethodField, type MethodOption } from './method-choice.tsx';
import { type SavedBank, useMoneyForm } from './money-form.ts';
import { AmountField, amountInput, PaymentForm, useAmountCheck } from './payment-form.tsx';

export const WITHDRAW_SUCCESS = 'Withdrawal request submitted successfully';

type Method = WithdrawInput['method'];

const bankDetailNames = {
  bankName: 'bankName',
  accountNumber: 'accountNumber',
  routingNumber: 'routingNumber',
} as const;

const methods: ReadonlyArray<MethodOption<Method>> = [
  { value: 'bank', label: 'Bank account', description: 'To a bank account' },
  { value: 'card', label: 'Debit card', description: 'To a saved debit card' },
  { value: 'cash_pickup', label: 'Cash pickup', description: 'Collect with a pickup code' },
];

/** docs/product.md 2.15: to a bank account (new or saved), a saved debit card, or cash pickup. */
export function WithdrawPage() {
  const user = useCurrentUser();
  const withdraw = trpc.transactions.withdraw.useMutation();
  const { form, errors, isSubmitting, savedCards, savedBanks, moneyMoved } = useMoneyForm(
    withdrawInput,
    {
      type: 'withdraw',
      method: 'bank',
      currency: 'USD',
      bankName: '',
      accountNumber: '',
      routingNumber: '',
      accountName: '',
    },
  );
  const method = form.watch('method');
  const bankId = form.watch('bankId');
  const cardId = form.watch('cardId');
  const debitCards = savedCards.filter((card) => card.type === 'debit');

  // A saved bank's account holder: the name saved with it, else the customer's own.
  const chooseBank = (bank: SavedBank | undefined) => {
    form.setValue(
      'accountName',
      bank ? (bank.accountName ?? `${user.firstName} ${user.lastName}`) : '',
    );
    form.clearErrors('accountName');
  };

  const amountCheck = useAmountCheck('withdrawal', form.setError);
  const onSubmit = form.handleSubmit(async (values) => {
    if (amountCheck.refuses(values.amount)) return;
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
      const refusal = amountCheck.refusalIn(error);
      if (refusal) amountCheck.show(refusal);
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
      <MethodField form={form} name="method" label="Withdrawal method" options={methods} />

      {method === 'bank' ? (
        <BankAccountFields
          form={form}
          names={bankDetailNames}
          banks={savedBanks}
          bankId={bankId}
          onChooseBank={chooseBank}
        >
          <FormField label="Account name" error={errors.accountName} required readOnly={readOnly}>
            <Input readOnly={readOnly} {...form.register('accountName')} />
          </FormField>
        </BankAccountFields>
      ) : null}

      {method === 'card' ? (
        debitCards.length > 0 ? (
          <FormField label="Debit card" error={errors.cardId} required>
            <SavedItemSelect
              items={debitCards}
              labelOf={(card) => `${card.number} (${card.name}, expires ${card.expiry})`}
              noneLabel="Choose a debit card"
              value={cardId}
              onChange={(id) => form.setValue('cardId', id, { shouldValidate: true })}
            />
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

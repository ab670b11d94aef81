import { transferInput } from '@bank/validators/money';
import { Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useMoneyMoved } from './money-form.ts';
import {
  AmountField,
  amountInput,
  amountRefusal,
  PaymentForm,
  useAmountCheck,
} from './payment-form.tsx';

export const TRANSFER_SUCCESS = 'Transfer completed successfully';

/** SPEC.md 2.13: to a customer of this bank at once, or to another bank through clearing. */
export function TransferPage() {
  const transfer = trpc.transactions.transfer.useMutation();
  const moneyMoved = useMoneyMoved();
  const form = useForm({
    resolver: zodResolver(transferInput),
    mode: 'onTouched',
    defaultValues: {
      type: 'transfer',
      currency: 'USD',
      recipientName: '',
      recipientAccountNumber: '',
      description: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const checkAmount = useAmountCheck('transfer');

  const onSubmit = form.handleSubmit(async (values) => {
    const overLimit = checkAmount(values.amount);
    if (overLimit) {
      form.setError('amount', { message: overLimit }, { shouldFocus: true });
      return;
    }
    try {
      // A fresh key per submission: a retried request never moves the money twice.
      const result = await transfer.mutateAsync({ ...values, idempotencyKey: newIdempotencyKey() });
      await moneyMoved(result.newBalance, TRANSFER_SUCCESS);
    } catch (error) {
      const refusal = amountRefusal(error);
      if (refusal) form.setError('amount', { message: refusal }, { shouldFocus: true });
      else notify({ type: 'error', message: errorMessage(error, 'Transfer failed') });
    }
  });

  return (
    <PaymentForm
      title="Transfer Money"
      intro="Send money to another Horizon Bank customer instantly, or to an account at another bank."
      limit="transfer"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Send Money"
    >
      <FormField label="Recipient name" error={errors.recipientName}>
        <Input autoComplete="off" {...form.register('recipientName')} />
      </FormField>
      <FormField
        label="Recipient account number"
        error={errors.recipientAccountNumber}
        required
        helperText="Transfers to other banks show as pending until they clear."
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          {...form.register('recipientAccountNumber')}
        />
      </FormField>
      <AmountField error={errors.amount} registration={form.register('amount', amountInput)} />
      <FormField label="Description" error={errors.description}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
    </PaymentForm>
  );
}

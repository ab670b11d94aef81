import { transferInput } from '@bank/validators/money';
import { Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
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
import { CONFIRM_EXTERNAL_FIRST, RecipientCheck, usePayee } from './recipient-check.tsx';

export const TRANSFER_SUCCESS = 'Transfer completed successfully';

/** docs/product.md 2.13: to a customer of this bank at once, or to another bank through clearing. */
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
      routingNumber: '',
      description: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const utils = trpc.useUtils();
  const accountNumber = form.watch('recipientAccountNumber') ?? '';
  const recipientName = form.watch('recipientName') ?? '';
  const { payee, checking } = usePayee(accountNumber, recipientName);
  // A confirmation is for the number it was given for.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string>();
  const confirmed = confirmedFor !== null && confirmedFor === accountNumber.trim();
  useEffect(() => {
    if (confirmed) setConfirmationError(undefined);
  }, [confirmed]);
  const checkAmount = useAmountCheck('transfer');

  const onSubmit = form.handleSubmit(async (values) => {
    const overLimit = checkAmount(values.amount);
    if (overLimit) {
      form.setError('amount', { message: overLimit }, { shouldFocus: true });
      return;
    }
    try {
      // The recipient is known before money leaves: another bank's number needs the tick.
      const checked = await utils.transactions.lookupPayee.fetch({
        accountNumber: values.recipientAccountNumber,
        ...(values.recipientName?.trim() ? { name: values.recipientName.trim() } : {}),
      });
      if (checked.bank === 'external' && confirmedFor !== values.recipientAccountNumber.trim()) {
        setConfirmationError(CONFIRM_EXTERNAL_FIRST);
        return;
      }
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
      {payee?.bank === 'external' || errors.routingNumber ? (
        <FormField
          label="Routing number"
          error={errors.routingNumber}
          required
          helperText="The 9-digit ABA routing number of the recipient’s bank."
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register('routingNumber')} />
        </FormField>
      ) : null}
      <RecipientCheck
        payee={payee}
        checking={checking}
        confirmed={confirmed}
        onConfirmedChange={(value) => setConfirmedFor(value ? accountNumber.trim() : null)}
        confirmationError={confirmationError}
      />
      <AmountField error={errors.amount} registration={form.register('amount', amountInput)} />
      <FormField label="Description" error={errors.description}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
    </PaymentForm>
  );
}

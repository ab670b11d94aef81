import { noSuchHorizonAccount } from '@bank/validators/account-number';
import { transferInput } from '@bank/validators/money';
import { Button, Input } from '@chakra-ui/react';
import { type FormEventHandler, useEffect, useState } from 'react';
import type { z } from 'zod';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { useMoneyMoved } from './money-form.ts';
import { PayeePicker } from './payee-picker.tsx';
import { AmountField, amountInput, PaymentForm, useAmountCheck } from './payment-form.tsx';
import { type RecentRecipient, RecentRecipients } from './recent-recipients.tsx';
import { CONFIRM_EXTERNAL_FIRST, RecipientCheck, usePayee } from './recipient-check.tsx';
import { ScheduleOption } from './schedule-option.tsx';
import { type PayeeAnswer, type SavedPayee, TransferReview } from './transfer-review.tsx';

type TransferValues = z.output<typeof transferInput>;

export const TRANSFER_SUCCESS = 'Transfer completed successfully';
export const OWN_ACCOUNT = 'You cannot transfer money to your own account';

/**
 * docs/product.md 2.13: to a customer of this bank at once, or to another bank through clearing.
 * Two steps: the form (a saved payee, a recent recipient or a new one), then a review; only
 * 'Send Money' there sends.
 */
export function TransferPage(props: { initialPayeeId?: string | undefined } = {}) {
  const transfer = trpc.transactions.transfer.useMutation();
  const balance = trpc.transactions.balance.useQuery();
  const moneyMoved = useMoneyMoved();
  // Opened for a payee, the typed recipient's fields are not in the form at all.
  const form = useZodForm(
    transferInput,
    props.initialPayeeId
      ? { type: 'transfer', currency: 'USD', description: '', payeeId: props.initialPayeeId }
      : {
          type: 'transfer',
          currency: 'USD',
          recipientName: '',
          recipientAccountNumber: '',
          routingNumber: '',
          description: '',
        },
  );
  const { errors } = form.formState;
  const payeeId = form.watch('payeeId');
  const payees = trpc.payees.list.useQuery();
  const choosePayee = (id: string | undefined) => {
    form.setValue('payeeId', id);
    // A payee carries its own number: the typed recipient's fields leave the form.
    if (id) form.unregister(['recipientName', 'recipientAccountNumber', 'routingNumber']);
  };
  const utils = trpc.useUtils();
  const accountNumber = form.watch('recipientAccountNumber') ?? '';
  const recipientName = form.watch('recipientName') ?? '';
  const { payee, checking } = usePayee(accountNumber, recipientName);
  // A confirmation is for the number it was given for.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string>();
  const [review, setReview] = useState<{
    values: TransferValues;
    payee: PayeeAnswer | null;
    saved?: SavedPayee | undefined;
  } | null>(null);
  const [sending, setSending] = useState(false);
  const confirmed = confirmedFor !== null && confirmedFor === accountNumber.trim();
  useEffect(() => {
    if (confirmed) setConfirmationError(undefined);
  }, [confirmed]);
  const amountCheck = useAmountCheck('transfer', form.setError);

  const toReview = form.handleSubmit(async (values) => {
    if (amountCheck.refuses(values.amount)) return;
    // A saved payee was checked when it was saved: straight to the review.
    if (values.payeeId) {
      const saved = payees.data?.data.find((one) => one.id === values.payeeId);
      setReview({ values, payee: null, saved });
      return;
    }
    const typed = values.recipientAccountNumber ?? '';
    try {
      // The recipient is known before money leaves: another bank's number needs the tick.
      const checked = await utils.transactions.lookupPayee.fetch({
        accountNumber: typed,
        ...(values.recipientName?.trim() ? { name: values.recipientName.trim() } : {}),
      });
      // What the ledger would refuse is told at the number, before a review of it.
      const refusal = checked.ownAccount
        ? OWN_ACCOUNT
        : checked.bank === 'horizon' && !checked.holderName
          ? noSuchHorizonAccount
          : null;
      if (refusal) {
        form.setError('recipientAccountNumber', { message: refusal }, { shouldFocus: true });
        return;
      }
      if (checked.bank === 'external' && confirmedFor !== typed.trim()) {
        setConfirmationError(CONFIRM_EXTERNAL_FIRST);
        return;
      }
      setReview({ values, payee: checked });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Transfer failed') });
    }
  });

  const send: FormEventHandler<HTMLFormElement> = async (event) => {
    event.preventDefault();
    if (!review || sending) return;
    setSending(true);
    // Only another bank's account goes with a routing number.
    const { routingNumber, ...values } = review.values;
    try {
      // A fresh key per submission: a retried request never moves the money twice.
      const result = await transfer.mutateAsync({
        ...values,
        ...(review.payee?.bank === 'external' && routingNumber ? { routingNumber } : {}),
        idempotencyKey: newIdempotencyKey(),
      });
      await moneyMoved(result.newBalance, TRANSFER_SUCCESS);
    } catch (error) {
      const refusal = amountCheck.refusalIn(error);
      if (refusal) {
        // Back to the form, with the refusal where the amount can be changed.
        setReview(null);
        amountCheck.show(refusal);
      } else notify({ type: 'error', message: errorMessage(error, 'Transfer failed') });
    } finally {
      setSending(false);
    }
  };

  const pick = (recipient: RecentRecipient) => {
    // Our customers are kept masked ("Bob S."): the payee check names them, not the name field.
    form.setValue('recipientName', recipient.bank === 'external' ? (recipient.name ?? '') : '');
    form.setValue('recipientAccountNumber', recipient.accountNumber, { shouldValidate: true });
    form.setValue('routingNumber', recipient.routingNumber ?? '');
    form.clearErrors(['recipientName', 'routingNumber']);
  };

  const frame = {
    title: 'Transfer Money',
    intro:
      'Send money to another Horizon Bank customer instantly, or to an account at another bank.',
    limit: 'transfer' as const,
  };

  if (review) {
    return (
      <PaymentForm
        {...frame}
        onSubmit={send}
        isSubmitting={sending}
        submitLabel="Send Money"
        secondaryAction={
          <Button type="button" variant="outline" onClick={() => setReview(null)}>
            Edit
          </Button>
        }
      >
        <TransferReview
          review={{ ...review.values, payee: review.payee, saved: review.saved }}
          from={balance.data}
        />
      </PaymentForm>
    );
  }

  return (
    <PaymentForm
      {...frame}
      onSubmit={toReview}
      isSubmitting={form.formState.isSubmitting}
      submitLabel="Review transfer"
    >
      <PayeePicker value={payeeId} onChange={choosePayee} />
      <ScheduleOption payeeId={payeeId} amount={form.watch('amount')} />
      {payeeId ? null : (
        <>
          <RecentRecipients onPick={pick} />
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
        </>
      )}
      <AmountField error={errors.amount} registration={form.register('amount', amountInput)} />
      <FormField label="Description" error={errors.description}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
    </PaymentForm>
  );
}

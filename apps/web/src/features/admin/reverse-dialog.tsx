import { Button, Stack, Text } from '@chakra-ui/react';
import { AmountUpToField, useAmountAndReason } from '../../components/amount-and-reason.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { isReasonMissing, ReasonField } from './reason-field.tsx';

type Movement = RouterOutputs['transactions']['all']['data'][number];

const reversibleTypes: ReadonlyArray<Movement['type']> = ['transfer', 'deposit', 'withdraw', 'fee'];

/** Whether staff can reverse it (completed, something left) or void it (pending). */
export function canReverse(movement: Movement): boolean {
  if (!reversibleTypes.includes(movement.type)) return false;
  if (movement.status === 'pending') return true;
  return movement.status === 'completed' && movement.reversedAmount < movement.amount;
}

/**
 * Reverse a movement (whole or in part) or void a pending one, with a reason. Above the bank's
 * four-eyes amount the server files it for a second administrator instead.
 */
export function ReverseDialog(props: { movement: Movement | null; onClose: () => void }) {
  const { movement } = props;
  const utils = trpc.useUtils();
  const reverse = trpc.transactions.reverse.useMutation();
  const pending = movement?.status === 'pending';
  const left = movement ? movement.amount - movement.reversedAmount : 0;
  const entry = useAmountAndReason(left, props.onClose);
  const { reason, touched, setTouched, parsed, outOfRange: badAmount, close } = entry;
  const missing = isReasonMissing(entry);

  const submit = async () => {
    setTouched(true);
    if (!movement || missing || badAmount) return;
    try {
      const answer = await reverse.mutateAsync({
        id: movement.id,
        reason: reason.trim(),
        ...(parsed === undefined || pending ? {} : { amount: parsed }),
      });
      notify(
        'approval' in answer
          ? {
              type: 'info',
              title: 'Sent for a second approval',
              message: 'Another administrator must approve this reversal within 24 hours.',
            }
          : {
              type: 'success',
              message: pending ? 'Transaction voided' : 'Transaction reversed',
            },
      );
      await Promise.all([utils.transactions.invalidate(), utils.approvals.invalidate()]);
      close();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to reverse the transaction') });
    }
  };

  return (
    <ModalDialog
      open={movement !== null}
      onClose={close}
      title={pending ? 'Void transaction' : 'Reverse transaction'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      actions={
        <Button type="submit" colorPalette="red" loading={reverse.isPending}>
          {pending ? 'Void' : 'Reverse'}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>
          {movement
            ? `${humanize(movement.type)} of ${formatMoney(movement.amount)}: ${movement.description}.`
            : ''}{' '}
          {pending
            ? 'It has not cleared: voiding it returns the money now.'
            : `${formatMoney(left)} is left to reverse.`}
        </Text>
        {pending ? null : (
          <AmountUpToField
            entry={entry}
            invalid={touched && badAmount}
            hint="Leave empty to reverse all that is left."
          />
        )}
        <ReasonField label="Reason" requiredText="Reason is required" entry={entry} />
      </Stack>
    </ModalDialog>
  );
}

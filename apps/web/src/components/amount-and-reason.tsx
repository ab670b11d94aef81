import { Field, Input } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { formatMoney } from '../lib/format.ts';

/**
 * A staff dialog's amount and reason as typed (a reversal, a dispute's provisional credit): the
 * amount read as a number when given and checked against what is `left`; `close` clears both.
 */
export function useAmountAndReason(left: number, onClose: () => void) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = amount.trim() === '' ? undefined : Number(amount);
  const outOfRange =
    parsed !== undefined && (!Number.isFinite(parsed) || parsed <= 0 || parsed > left);
  const close = () => {
    setAmount('');
    setReason('');
    setTouched(false);
    onClose();
  };
  return {
    left,
    amount,
    setAmount,
    reason,
    setReason,
    touched,
    setTouched,
    parsed,
    outOfRange,
    close,
  };
}

/** The amount of `useAmountAndReason`; the hint says what leaving it empty means. */
export function AmountUpToField(props: {
  entry: ReturnType<typeof useAmountAndReason>;
  invalid: boolean;
  hint: ReactNode;
}) {
  const { entry } = props;
  return (
    <Field.Root invalid={props.invalid}>
      <Field.Label>Amount</Field.Label>
      <Input
        inputMode="decimal"
        placeholder={entry.left.toFixed(2)}
        value={entry.amount}
        onChange={(event) => entry.setAmount(event.target.value)}
      />
      <Field.HelperText>{props.hint}</Field.HelperText>
      <Field.ErrorText>{`Enter an amount up to ${formatMoney(entry.left)}`}</Field.ErrorText>
    </Field.Root>
  );
}

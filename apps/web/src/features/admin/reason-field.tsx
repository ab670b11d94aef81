import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';

/** A reason as typed, and whether the field has been left or the form sent. */
export interface ReasonEntry {
  reason: string;
  setReason: (reason: string) => void;
  touched: boolean;
  setTouched: (touched: boolean) => void;
}

/** Only spaces count as no reason: the server gets the reason trimmed. */
export function isReasonMissing(entry: ReasonEntry): boolean {
  return entry.reason.trim() === '';
}

/** A reason of its own, for a dialog that asks for nothing else; `reset` clears it on closing. */
export function useReason() {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = () => {
    setReason('');
    setTouched(false);
  };
  return { reason, setReason, touched, setTouched, reset };
}

/**
 * The required reason staff give when they reject or reverse something; it shows its error once
 * the field has been left or the form sent.
 */
export function ReasonField(props: { label: string; requiredText: string; entry: ReasonEntry }) {
  const { entry } = props;
  return (
    <Field.Root invalid={entry.touched && isReasonMissing(entry)} required>
      <Field.Label>{props.label}</Field.Label>
      <Textarea
        rows={3}
        value={entry.reason}
        onChange={(event) => entry.setReason(event.target.value)}
        onBlur={() => entry.setTouched(true)}
      />
      <Field.ErrorText>{props.requiredText}</Field.ErrorText>
    </Field.Root>
  );
}

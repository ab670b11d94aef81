import { Field, Textarea } from '@chakra-ui/react';

/**
 * The required reason staff give when they reject or reverse something; it shows its error once
 * the field has been left or the form sent (the caller says which through `invalid`).
 */
export function ReasonField(props: {
  label: string;
  requiredText: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <Field.Root invalid={props.invalid} required>
      <Field.Label>{props.label}</Field.Label>
      <Textarea
        rows={3}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      <Field.ErrorText>{props.requiredText}</Field.ErrorText>
    </Field.Root>
  );
}

import { Button, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/**
 * The messages of a field's error: the first one, or with `allRules` (and the form's
 * criteriaMode 'all') every broken rule, as for passwords.
 */
export function errorMessages(error: FieldError | undefined, allRules = false): string[] {
  if (!error) return [];
  const all =
    allRules && error.types
      ? Object.values(error.types).flatMap((value) =>
          typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [],
        )
      : [];
  const list = all.length > 0 ? all : error.message ? [error.message] : [];
  return [...new Set(list)];
}

/** A labelled field whose error text sits under the control and is announced with it. */
export function FormField(props: {
  label: string;
  error?: FieldError;
  required?: boolean;
  helperText?: ReactNode;
  readOnly?: boolean;
  /** List every broken rule (password fields). */
  allRules?: boolean;
  children: ReactNode;
}) {
  const list = errorMessages(props.error, props.allRules);
  return (
    <Field.Root invalid={list.length > 0} required={props.required} readOnly={props.readOnly}>
      {/* No visual asterisk: the control carries `required`, and labels stay exact texts. */}
      <Field.Label>{props.label}</Field.Label>
      {props.children}
      {props.helperText && list.length === 0 ? (
        <Field.HelperText>{props.helperText}</Field.HelperText>
      ) : null}
      {list.length > 0 ? (
        <Field.ErrorText flexDirection="column" alignItems="flex-start" gap="0.5">
          {list.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/** A form's submit button under its fields, at the row's start; it shows progress while sending. */
export function SubmitButton(props: {
  pending: boolean;
  pendingText?: string;
  children: ReactNode;
}) {
  const { pending, pendingText, children } = props;
  return (
    <Button type="submit" alignSelf="flex-start" loading={pending} loadingText={pendingText}>
      {children}
    </Button>
  );
}

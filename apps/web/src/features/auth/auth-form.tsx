import { Stack, Text } from '@chakra-ui/react';
import { type FormEventHandler, type ReactNode, type Ref, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';

/** A sign-in screen's submit and the server's refusal, shown above its form until the next try. */
export interface AuthSubmit {
  onSubmit: FormEventHandler<HTMLFormElement>;
  serverError: string | null;
}

/**
 * Submits `form` with `send`; a refusal becomes the message above the form (`failed` when the
 * server gave none).
 */
export function useAuthSubmit<Values extends FieldValues, Context, Sent>(
  form: UseFormReturn<Values, Context, Sent>,
  failed: string,
  send: (values: Sent) => Promise<void>,
): AuthSubmit {
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send(values);
    } catch (error) {
      setServerError(errorMessage(error, failed));
    }
  });
  return { onSubmit, serverError };
}

/**
 * The form of a sign-in screen: a `notice` and the server's refusal above it, the fields and
 * the submit button (`children`) stacked, and a `footer` line under it.
 */
export function AuthForm(props: {
  submit: AuthSubmit;
  /** A prerendered form sends a submit held before the app was ready (sendHeldSubmit). */
  formRef?: Ref<HTMLFormElement>;
  notice?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { serverError, onSubmit } = props.submit;
  return (
    <Stack gap="4">
      {props.notice}
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <form ref={props.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="4">{props.children}</Stack>
      </form>
      {props.footer ? (
        <Text textAlign="center" fontSize="sm">
          {props.footer}
        </Text>
      ) : null}
    </Stack>
  );
}

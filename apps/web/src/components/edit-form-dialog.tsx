import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../lib/errors.ts';
import { notify } from '../lib/toaster.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** How an edit dialog saves its form's values. */
export interface Save<Values> {
  /** Sends the change; undefined when it was stopped before sending (the fields say why). */
  send: (values: Values) => Promise<{ message: string } | undefined>;
  /** Reloads what shows the saved thing. */
  reload: () => Promise<unknown>;
  failedMessage: string;
  /** Shows a refusal under the fields it names; false when it names none (then it is a toast). */
  showAtFields?: (error: unknown) => boolean;
}

/**
 * A dialog that edits a saved thing: its fields stacked, sent with Save Changes. A saved change
 * shows the answer's message, reloads and closes; a refusal stays open and says why.
 */
export function EditFormDialog<Values extends FieldValues, Sent>(props: {
  dialog: { open: boolean; onClose: () => void };
  title: string;
  form: UseFormReturn<Values, unknown, Sent>;
  save: Save<Sent>;
  children: ReactNode;
}) {
  const { dialog, form, save } = props;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.send(values);
      if (!result) return;
      notify({ type: 'success', message: result.message });
      await save.reload();
      dialog.onClose();
    } catch (error) {
      if (!save.showAtFields?.(error))
        notify({ type: 'error', message: errorMessage(error, save.failedMessage) });
    }
  });
  return (
    <ModalDialog
      open={dialog.open}
      onClose={dialog.onClose}
      title={props.title}
      onSubmit={onSubmit}
      actions={
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
          Save Changes
        </Button>
      }
    >
      <Stack gap="4">{props.children}</Stack>
    </ModalDialog>
  );
}

import { Button, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

/** A dialog that edits a saved thing: its fields stacked, sent with Save Changes. */
export function EditFormDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      onSubmit={props.onSubmit}
      actions={
        <Button type="submit" loading={props.isSubmitting} loadingText="Saving…">
          Save Changes
        </Button>
      }
    >
      <Stack gap="4">{props.children}</Stack>
    </ModalDialog>
  );
}

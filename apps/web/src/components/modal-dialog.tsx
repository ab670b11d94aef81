import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  /** Cancel, the close button, Escape and the backdrop all ask for this. */
  onClose: () => void;
  title: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** The dialog is a form: its submit action sends it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** What follows Cancel in the footer: the dialog's own action. */
  actions: ReactNode;
  children: ReactNode;
}

/** The app's one shape of modal dialog: a title, a body, Cancel and the action, a close button. */
export function ModalDialog(props: ModalDialogProps) {
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{props.children}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        {props.actions}
      </Dialog.Footer>
    </>
  );
  return (
    <ModalFrame role={props.role} open={props.open} onClose={props.onClose}>
      {props.onSubmit ? (
        <form onSubmit={props.onSubmit} noValidate>
          {sections}
        </form>
      ) : (
        sections
      )}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </ModalFrame>
  );
}

/**
 * A centred modal's frame: the backdrop and the panel; Escape, the backdrop and any close
 * trigger inside ask `onClose`.
 */
export function ModalFrame(props: {
  open: boolean;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog' | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      role={props.role}
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>{props.children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The dialog itself, loaded by `ConfirmDialog` when it first opens. */
export function ConfirmDialogContent(props: ConfirmDialogProps) {
  return (
    <ModalDialog
      role="alertdialog"
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      actions={
        <Button colorPalette="red" loading={props.pending} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      }
    >
      <Text>{props.children}</Text>
    </ModalDialog>
  );
}

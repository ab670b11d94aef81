import { lazy, type ReactNode, Suspense, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const ConfirmDialogContent = lazy(() =>
  import('./confirm-dialog-content.tsx').then((module) => ({
    default: module.ConfirmDialogContent,
  })),
);

/**
 * Asks before something that cannot be undone; the confirm button shows progress. The dialog's
 * code (focus trap, dismissal, scroll lock) loads when it first opens, not with the page, and it
 * stays mounted after that so that closing animates as before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, useState } from 'react';
// A type only: the dialog's code stays in its own chunk, loaded when it first opens.
import type { ConfirmDialogProps } from './confirm-dialog-content.tsx';

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

import { lazy, type ReactNode, Suspense, useState } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { notify } from '../lib/toaster.ts';
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

/** What a confirmed action on one thing (a saved bank, a card, a connected app) does. */
export interface ConfirmationOptions<Target> {
  title: string;
  confirmLabel: string;
  pending: boolean;
  /** The dialog's question, naming the thing. */
  question: (target: Target) => string;
  /** Does it; the answer's message is shown as a toast. */
  run: (target: Target) => Promise<{ message: string }>;
  /** Reloads what showed the thing, once the dialog has closed. */
  reload: () => Promise<unknown>;
  failedMessage: string;
}

/**
 * An action on one thing after a confirmation that names it: `ask(thing)` opens the dialog;
 * confirmed, the action's message shows, the dialog closes and the list reloads; a failure is a
 * toast and the dialog stays. The thing stays named while the dialog closes.
 */
export function useConfirmation<Target>(options: ConfirmationOptions<Target>): {
  ask: (target: Target) => void;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    try {
      const result = await options.run(target);
      notify({ type: 'success', message: result.message });
      setOpen(false);
      await options.reload();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, options.failedMessage) });
    }
  };

  return {
    ask: (next) => {
      setTarget(next);
      setOpen(true);
    },
    dialog: (
      <ConfirmDialog
        open={open}
        title={options.title}
        confirmLabel={options.confirmLabel}
        pending={options.pending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {target === null ? '' : options.question(target)}
      </ConfirmDialog>
    ),
  };
}

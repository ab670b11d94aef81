import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';

interface RowConfirmationOptions<Row> {
  title: string;
  confirmLabel: string;
  /** What confirming does to this row, in the dialog's words. */
  describe: (row: Row) => string;
  /** The change, given the row's id; its answer's message is the success toast. */
  mutation: {
    mutateAsync: (input: { id: string }) => Promise<{ message: string }>;
    isPending: boolean;
  };
  failedMessage: string;
  /** Fetches the list again once the change went through. */
  reload: () => Promise<unknown>;
}

/**
 * A table row's action that asks first (end a session, cancel a transfer): `ask(row)` opens the
 * confirmation; confirming runs the change, closes the dialog and reloads the list. A refusal
 * is a toast and leaves the dialog open.
 */
export function useRowConfirmation<Row extends { id: string }>(
  options: RowConfirmationOptions<Row>,
) {
  const { describe, mutation, failedMessage, reload, ...words } = options;
  const [row, setRow] = useState<Row | null>(null);

  const confirm = async (target: Row) => {
    try {
      const result = await mutation.mutateAsync({ id: target.id });
      notify({ type: 'success', message: result.message });
      setRow(null);
      await reload();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, failedMessage) });
    }
  };

  const dialog = (
    <ConfirmDialog
      {...words}
      open={row !== null}
      pending={mutation.isPending}
      onConfirm={() => row && void confirm(row)}
      onClose={() => setRow(null)}
    >
      {row ? describe(row) : ''}
    </ConfirmDialog>
  );
  return { ask: setRow, dialog };
}

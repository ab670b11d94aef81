import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { UserActions } from './user-actions.ts';

/**
 * Asks before deleting a user, from the list or from their page; `onDone` hears whether the
 * user was deleted (false when the dialog is closed, or the server refused).
 */
export function DeleteUserDialog(props: {
  /** The user to delete; null while the dialog is closed. */
  userId: string | null;
  actions: UserActions;
  onDone: (deleted: boolean) => void;
}) {
  const { userId, actions, onDone } = props;
  return (
    <ConfirmDialog
      open={userId !== null}
      title="Delete user"
      confirmLabel="Delete"
      pending={actions.deleting}
      onConfirm={() => {
        if (userId) void actions.deleteUser(userId).then(onDone);
      }}
      onClose={() => onDone(false)}
    >
      Are you sure you want to delete this user?
    </ConfirmDialog>
  );
}

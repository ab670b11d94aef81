import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Block, unblock and delete, as the list and the detail both offer them: docs/product.md 8's toasts
 * on success; a refusal (the last administrator, money still in the account) is shown as the
 * server words it, and logged.
 */
export function useUserActions() {
  const utils = trpc.useUtils();
  const block = trpc.admin.setUserBlocked.useMutation();
  const remove = trpc.admin.deleteUser.useMutation();

  const refresh = () => utils.admin.invalidate();

  async function setBlocked(id: string, blocked: boolean): Promise<boolean> {
    try {
      const result = await block.mutateAsync({ id, blocked });
      notify({ type: 'success', message: result.message });
      await refresh();
      return true;
    } catch (error) {
      console.warn('Block failed', error);
      notify({ type: 'error', message: errorMessage(error, 'Failed to block user') });
      return false;
    }
  }

  async function deleteUser(id: string): Promise<boolean> {
    try {
      const result = await remove.mutateAsync({ id });
      notify({ type: 'success', message: result.message });
      await refresh();
      return true;
    } catch (error) {
      console.warn('Delete failed', error);
      notify({ type: 'error', message: errorMessage(error, 'Failed to delete user') });
      return false;
    }
  }

  return {
    setBlocked,
    deleteUser,
    /** The user whose block is being changed, for that row's spinner. */
    blockingId: block.isPending ? block.variables?.id : undefined,
    deleting: remove.isPending,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;

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

  /** Runs one change; whether it went through. */
  async function run(
    change: () => Promise<{ message: string }>,
    failure: { log: string; message: string },
  ): Promise<boolean> {
    try {
      const result = await change();
      notify({ type: 'success', message: result.message });
      await utils.admin.invalidate();
      return true;
    } catch (error) {
      console.warn(failure.log, error);
      notify({ type: 'error', message: errorMessage(error, failure.message) });
      return false;
    }
  }

  return {
    setBlocked: (id: string, blocked: boolean) =>
      run(() => block.mutateAsync({ id, blocked }), {
        log: 'Block failed',
        message: 'Failed to block user',
      }),
    deleteUser: (id: string) =>
      run(() => remove.mutateAsync({ id }), {
        log: 'Delete failed',
        message: 'Failed to delete user',
      }),
    /** The user whose block is being changed, for that row's spinner. */
    blockingId: block.isPending ? block.variables?.id : undefined,
    deleting: remove.isPending,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;

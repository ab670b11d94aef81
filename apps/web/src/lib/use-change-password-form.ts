import { changePasswordInput } from '@bank/validators/auth';
import { errorMessage } from './errors.ts';
import { notify } from './toaster.ts';
import { trpc } from './trpc.ts';
import { useZodForm } from './zod-form.ts';

/**
 * The signed-in customer's password change (current and new password). On success the form
 * empties and `onChanged` says so in the caller's way; the server signs out the other devices.
 */
export function useChangePasswordForm(onChanged: () => void) {
  const change = trpc.auth.changePassword.useMutation();
  const form = useZodForm(
    changePasswordInput,
    { currentPassword: '', newPassword: '' },
    { criteriaMode: 'all' },
  );
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      onChanged();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Password change failed') });
    }
  });
  return { form, onSubmit };
}

export type ChangePasswordForm = ReturnType<typeof useChangePasswordForm>['form'];

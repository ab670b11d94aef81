import { messages } from '@bank/validators/messages';
import { Stack, Text } from '@chakra-ui/react';
import { ChangePasswordFields } from '../../components/change-password-fields.tsx';
import { SubmitButton } from '../../components/form-field.tsx';
import { notify } from '../../lib/toaster.ts';
import { useChangePasswordForm } from '../../lib/use-change-password-form.ts';

// The Security tab's lazy chunk carries the staff access list too (one chunk per tab).
export { StaffActivity } from './staff-activity.tsx';

/** docs/product.md 2.10, Security tab. Other devices are signed out by the server on success. */
export function SecurityForm() {
  const { form, onSubmit } = useChangePasswordForm(() =>
    notify({ type: 'success', message: 'Password changed successfully' }),
  );
  const { isSubmitting } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="md">
        <Text color="fg.muted" fontSize="sm">
          Changing your password signs you out on your other devices.
        </Text>
        <ChangePasswordFields form={form} newPasswordHelp={messages.passwordRules} />
        <SubmitButton pending={isSubmitting} pendingText="Changing…">
          Change Password
        </SubmitButton>
      </Stack>
    </form>
  );
}

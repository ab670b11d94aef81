import { changePasswordInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { Button, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

// The Security tab's lazy chunk carries the staff access list too (one chunk per tab).
export { StaffActivity } from './staff-activity.tsx';

/** docs/product.md 2.10, Security tab. Other devices are signed out by the server on success. */
export function SecurityForm() {
  const change = trpc.auth.changePassword.useMutation();
  const form = useForm({
    resolver: zodResolver(changePasswordInput),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      notify({ type: 'success', message: 'Password changed successfully' });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Password change failed') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="md">
        <Text color="fg.muted" fontSize="sm">
          Changing your password signs you out on your other devices.
        </Text>
        <FormField label="Current password" error={errors.currentPassword} required>
          <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          label="New password"
          error={errors.newPassword}
          required
          allRules
          helperText={messages.passwordRules}
        >
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText="Changing…">
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

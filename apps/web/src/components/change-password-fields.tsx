import type { ReactNode } from 'react';
import type { ChangePasswordForm } from '../lib/use-change-password-form.ts';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';

/** The current and the new password of a password change; the new one lists every broken rule. */
export function ChangePasswordFields(props: {
  form: ChangePasswordForm;
  newPasswordHelp?: ReactNode;
}) {
  const { form } = props;
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Current password" error={errors.currentPassword} required>
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField
        label="New password"
        error={errors.newPassword}
        required
        allRules
        helperText={props.newPasswordHelp}
      >
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
    </>
  );
}

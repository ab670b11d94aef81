import { messages } from '@bank/validators/messages';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { PasswordInput } from '../../components/password-input.tsx';

type PasswordField = {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
};

/**
 * A password being chosen and typed again: the first lists the rules, and every rule it breaks;
 * both are new passwords to the browser's password manager.
 */
export function NewPasswordFields(props: { password: PasswordField; confirm: PasswordField }) {
  const { password, confirm } = props;
  return (
    <>
      <FormField
        label={password.label}
        error={password.error}
        required
        allRules
        helperText={messages.passwordRules}
      >
        <PasswordInput autoComplete="new-password" {...password.registration} />
      </FormField>
      <FormField label={confirm.label} error={confirm.error} required>
        <PasswordInput autoComplete="new-password" {...confirm.registration} />
      </FormField>
    </>
  );
}

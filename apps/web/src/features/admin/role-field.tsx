import { userRoles } from '@bank/validators/admin';
import { NativeSelect } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { humanize } from '../../lib/format.ts';

/** The role select of the Add User and user-detail forms. */
export function RoleField(props: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <FormField label="Role" error={props.error}>
      <NativeSelect.Root>
        <NativeSelect.Field {...props.registration}>
          {userRoles.map((role) => (
            <option key={role} value={role}>
              {humanize(role)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

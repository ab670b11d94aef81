import { userRoles } from '@bank/validators/admin';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { humanize } from '../../lib/format.ts';

/** The role select of the Add User and user-detail forms. */
export function RoleField(props: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <FormField label="Role" error={props.error}>
      <OptionsSelect registration={props.registration} options={userRoles} labelOf={humanize} />
    </FormField>
  );
}

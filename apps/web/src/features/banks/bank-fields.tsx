import { Input } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { humanize } from '../../lib/format.ts';

const accountTypes = ['checking', 'savings'] as const;

export type BankField = 'name' | 'accountNumber' | 'routingNumber' | 'accountType';

/** The four details of a bank, as the add form and the update dialog both ask for them. */
export function BankFields(props: {
  errors: Partial<Record<BankField, FieldError>>;
  register: (name: BankField) => UseFormRegisterReturn;
}) {
  const { errors, register } = props;
  return (
    <>
      <FormField label="Bank name" error={errors.name} required>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Account number" error={errors.accountNumber} required>
        <Input inputMode="numeric" autoComplete="off" {...register('accountNumber')} />
      </FormField>
      <FormField label="Routing number" error={errors.routingNumber} required>
        <Input inputMode="numeric" autoComplete="off" {...register('routingNumber')} />
      </FormField>
      <FormField label="Account type" error={errors.accountType} required>
        <OptionsSelect
          registration={register('accountType')}
          options={accountTypes}
          labelOf={humanize}
        />
      </FormField>
    </>
  );
}

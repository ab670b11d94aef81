import { Input } from '@chakra-ui/react';
import type { Ref } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { PhoneInput } from './phone-input.tsx';

type NameField = 'firstName' | 'lastName';

/** First and last name, as registration and the profile ask for them; the caller lays them out. */
export function NameFields(props: {
  errors: Partial<Record<NameField, FieldError>>;
  register: (name: NameField) => UseFormRegisterReturn;
}) {
  const { errors, register } = props;
  return (
    <>
      <FormField label="First name" error={errors.firstName} required>
        <Input autoComplete="given-name" {...register('firstName')} />
      </FormField>
      <FormField label="Last name" error={errors.lastName} required>
        <Input autoComplete="family-name" {...register('lastName')} />
      </FormField>
    </>
  );
}

/** The labelled phone number for a react-hook-form Controller's `field`. */
export function PhoneNumberField(props: {
  field: {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    ref: Ref<HTMLInputElement>;
  };
  error: FieldError | undefined;
}) {
  const { field } = props;
  return (
    <FormField label="Phone number" error={props.error} required>
      <PhoneInput
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={field.ref}
      />
    </FormField>
  );
}

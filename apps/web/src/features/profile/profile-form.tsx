import { profileInput } from '@bank/validators/auth';
import { Heading, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { FormField, SubmitButton } from '../../components/form-field.tsx';
import { NameFields, PhoneNumberField } from '../../components/person-fields.tsx';
import { errorMessage } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';

/** The address's fields after the street, two a row on wider screens. */
const addressFields = [
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
] as const;

/** docs/product.md 2.10, Profile tab: names and phone editable, e-mail read-only, optional address. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const form = useZodForm(profileInput, {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    address: {
      street: user.address.street ?? '',
      city: user.address.city ?? '',
      state: user.address.state ?? '',
      zipCode: user.address.zipCode ?? '',
      country: user.address.country ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      utils.auth.me.setData(undefined, (current) =>
        current ? { ...current, user: updated } : current,
      );
      notify({ type: 'success', message: 'Profile updated successfully' });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Profile update failed') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="2xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <NameFields errors={errors} register={form.register} />
        </SimpleGrid>
        <FormField
          label="Email address"
          readOnly
          helperText="Contact support to change your e-mail address."
        >
          <Input value={user.email} readOnly type="email" name="email" />
        </FormField>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field }) => <PhoneNumberField field={field} error={errors.phoneNumber} />}
        />
        <Stack as="fieldset" gap="4" border="0" p="0" m="0">
          <Heading as="legend" size="md" mb="3">
            Address
          </Heading>
          <FormField label="Street" error={errors.address?.street}>
            <Input autoComplete="street-address" {...form.register('address.street')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {addressFields.map(({ name, label, autoComplete }) => (
              <FormField key={name} label={label} error={errors.address?.[name]}>
                <Input autoComplete={autoComplete} {...form.register(`address.${name}`)} />
              </FormField>
            ))}
          </SimpleGrid>
        </Stack>
        <SubmitButton pending={isSubmitting} pendingText="Saving…">
          Save Changes
        </SubmitButton>
      </Stack>
    </form>
  );
}

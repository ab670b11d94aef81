import { userChanges } from '@bank/validators/admin';
import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { NameFields, PhoneNumberField } from '../../components/person-fields.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { RoleField } from './role-field.tsx';

type UserDetail = RouterOutputs['admin']['user'];

/**
 * The limit as typed, or null for none. react-hook-form also hands this the default value as it
 * is (null for a customer with no limit of their own), which Number() would make 0, refused.
 */
function limitOrNull(value: unknown): number | null {
  return value === '' || value === null || value === undefined ? null : Number(value);
}

/** Name, phone, role and the daily withdrawal limit (docs/product.md 7, PUT /users/{id}). */
export function EditUserForm({ detail }: { detail: UserDetail }) {
  const { user } = detail;
  const utils = trpc.useUtils();
  const update = trpc.admin.updateUser.useMutation();
  const form = useZodForm(userChanges, {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    role: user.role,
    withdrawalLimit: user.withdrawalLimit,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync({ id: user.id, ...values });
      notify({ type: 'success', message: result.message });
      await utils.admin.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to update user') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <NameFields errors={errors} register={form.register} />
          <Controller
            control={form.control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneNumberField
                field={{ ...field, value: field.value ?? '' }}
                error={errors.phoneNumber}
              />
            )}
          />
          <RoleField registration={form.register('role')} error={errors.role} />
          <FormField
            label="Daily withdrawal limit (USD)"
            error={errors.withdrawalLimit}
            helperText="Leave empty to follow the bank’s limit."
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              {...form.register('withdrawalLimit', {
                setValueAs: limitOrNull,
              })}
            />
          </FormField>
        </SimpleGrid>
        <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText="Saving…">
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}

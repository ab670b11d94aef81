import { createUserInput } from '@bank/validators/admin';
import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { NameFields, PhoneNumberField } from '../../components/person-fields.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { RoleField } from './role-field.tsx';

const blank = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  role: 'user' as const,
};

/**
 * POST /users from the directory: the person receives an e-mail to choose their password, so
 * the administrator never knows it. The directory's 'Add User' button opens it and loads this
 * module on first use (the form, its schema and the phone input are not needed before).
 */
export function CreateUserDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createUser.useMutation();
  const form = useZodForm(createUserInput, blank);
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset(blank);
    props.onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      notify({ type: 'success', message: result.message });
      await utils.admin.invalidate();
      close();
    } catch (error) {
      const message = errorMessage(error, 'Failed to create user');
      if (message === 'A user with this email already exists') {
        form.setError('email', { message });
      } else {
        notify({ type: 'error', message });
      }
    }
  });

  return (
    <ModalDialog
      open={props.open}
      onClose={close}
      title="Add User"
      onSubmit={onSubmit}
      actions={
        <Button type="submit" loading={isSubmitting} loadingText="Creating…">
          Create user
        </Button>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          The new user receives an e-mail with a link to choose their password.
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <NameFields errors={errors} register={form.register} />
        </SimpleGrid>
        <FormField label="Email address" error={errors.email} required>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field }) => <PhoneNumberField field={field} error={errors.phoneNumber} />}
        />
        <RoleField registration={form.register('role')} error={errors.role} />
      </Stack>
    </ModalDialog>
  );
}

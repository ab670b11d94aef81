import { createUserInput, userRoles } from '@bank/validators/admin';
import {
  Button,
  CloseButton,
  Dialog,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { LuUserPlus } from 'react-icons/lu';
import { FormField } from '../../components/form-field.tsx';
import { NameFields, PhoneNumberField } from '../../components/person-fields.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

const blank = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  role: 'user' as const,
};

/**
 * POST /users from the directory: the person receives an e-mail to choose their password, so
 * the administrator never knows it.
 */
export function CreateUserDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.createUser.useMutation();
  const form = useForm({
    resolver: zodResolver(createUserInput),
    mode: 'onTouched',
    defaultValues: blank,
  });
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
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => (details.open ? props.onOpenChange(true) : close())}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button>
          <LuUserPlus aria-hidden="true" /> Add User
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Add User</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
                    render={({ field }) => (
                      <PhoneNumberField field={field} error={errors.phoneNumber} />
                    )}
                  />
                  <FormField label="Role" error={errors.role}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...form.register('role')}>
                        {userRoles.map((role) => (
                          <option key={role} value={role}>
                            {humanize(role)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting} loadingText="Creating…">
                  Create user
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

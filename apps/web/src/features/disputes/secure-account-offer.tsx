import { changePasswordInput } from '@bank/validators/auth';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SuccessAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Offered with an 'unauthorised' dispute: someone else may know the password. One step changes
 * it and ends every other session (the server signs out every device but this one).
 */
export function SecureAccountOffer() {
  const change = trpc.auth.changePassword.useMutation();
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(changePasswordInput),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      setDone(true);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Password change failed') });
    }
  });
  return (
    <Card.Root
      as="section"
      aria-labelledby="secure-heading"
      variant="outline"
      borderColor="orange.emphasized"
    >
      <Card.Body gap="3">
        <Heading as="h2" id="secure-heading" size="md">
          Secure your account now
        </Heading>
        {done ? (
          <SuccessAlert>
            Your password was changed and every other session was signed out.
          </SuccessAlert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="4" maxW="md">
              <Text color="fg.muted" fontSize="sm">
                If someone else made this payment, they may know your password. Change it here:
                every other device signed in to your account is signed out at once.
              </Text>
              <FormField label="Current password" error={errors.currentPassword} required>
                <PasswordInput
                  autoComplete="current-password"
                  {...form.register('currentPassword')}
                />
              </FormField>
              <FormField label="New password" error={errors.newPassword} required allRules>
                <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              {/* Its long label wraps on a phone rather than running out of the card. */}
              <Button
                type="submit"
                alignSelf="flex-start"
                loading={isSubmitting}
                whiteSpace="normal"
                h="auto"
                minH="10"
                py="2"
              >
                Change password and sign out everywhere
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}

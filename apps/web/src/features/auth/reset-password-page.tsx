import { resetPasswordForm } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';

function InvalidResetLink() {
  return (
    <AuthCard title="Invalid Reset Link">
      <Stack gap="4" textAlign="center">
        <Text color="fg.muted">The password reset link is invalid or has expired.</Text>
        <Text fontSize="sm">
          <ChakraLink asChild variant="underline">
            <Link to="/forgot-password">Request a new reset link</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordForm),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      await navigate({ to: '/login', state: { message: messages.resetSuccessLogin } });
    } catch (error) {
      setServerError(errorMessage(error, 'Password reset failed'));
    }
  });

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <Stack gap="4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormField
              label="New password"
              error={errors.password}
              required
              allRules
              helperText={messages.passwordRules}
            >
              <PasswordInput autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <FormField label="Confirm new password" error={errors.confirmPassword} required>
              <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
            <Button type="submit" w="full" loading={isSubmitting} loadingText="Resetting…">
              Reset password
            </Button>
          </Stack>
        </form>
        <Text textAlign="center" fontSize="sm">
          <ChakraLink asChild variant="underline">
            <Link to="/login">Back to sign in</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** SPEC.md 2.6: the token comes from the e-mailed link's query. */
export function ResetPasswordPage({ token }: { token?: string }) {
  return token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />;
}

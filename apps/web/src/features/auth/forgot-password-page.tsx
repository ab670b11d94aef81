import { forgotPasswordInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendHeldSubmit } from '../../app/before-hydration.ts';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { BackToSignInLink } from '../../components/back-to-sign-in-link.tsx';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';

/** docs/product.md 2.5: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const forgot = trpc.auth.forgotPassword.useMutation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordInput),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await forgot.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setServerError(errorMessage(error, 'Password reset request failed'));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to reset your password."
    >
      <Stack gap="4">
        {sent ? <SuccessAlert>{messages.forgotPasswordSent}</SuccessAlert> : null}
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <form ref={sendHeldSubmit} onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormField label="Email address" error={errors.email} required>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <Button type="submit" w="full" loading={isSubmitting} loadingText="Sending…">
              Send reset link
            </Button>
          </Stack>
        </form>
        <Text textAlign="center" fontSize="sm">
          <BackToSignInLink />
        </Text>
      </Stack>
    </AuthCard>
  );
}

import { resetPasswordForm } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { BackToSignInLink } from '../../components/back-to-sign-in-link.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

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

/**
 * The same form serves two links: a reset the customer asked for, and the first password of an
 * account the bank opened (the invitation e-mail's 'Set your password', /set-password).
 */
export type PasswordPurpose = 'reset' | 'set';

const texts = {
  reset: {
    title: 'Reset your password',
    subtitle: 'Choose a new password for your account.',
    submit: 'Reset password',
    submitting: 'Resetting…',
    done: messages.resetSuccessLogin,
    failed: 'Password reset failed',
  },
  set: {
    title: 'Set your password',
    subtitle: 'Choose the password you will sign in with.',
    submit: 'Set password',
    submitting: 'Saving…',
    done: messages.passwordSetLogin,
    failed: 'Setting the password failed',
  },
} as const satisfies Record<PasswordPurpose, Record<string, string>>;

function ResetPasswordForm({ token, purpose }: { token: string; purpose: PasswordPurpose }) {
  const text = texts[purpose];
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useZodForm(
    resetPasswordForm,
    { password: '', confirmPassword: '' },
    { criteriaMode: 'all' },
  );
  const { errors, isSubmitting } = form.formState;

  const submit = useAuthSubmit(form, text.failed, async (values) => {
    await reset.mutateAsync({ token, password: values.password });
    await navigate({ to: '/login', state: { message: text.done } });
  });

  return (
    <AuthCard title={text.title} subtitle={text.subtitle}>
      <AuthForm submit={submit} footer={<BackToSignInLink />}>
        <NewPasswordFields
          password={{
            label: 'New password',
            registration: form.register('password'),
            error: errors.password,
          }}
          confirm={{
            label: 'Confirm new password',
            registration: form.register('confirmPassword'),
            error: errors.confirmPassword,
          }}
        />
        <Button type="submit" w="full" loading={isSubmitting} loadingText={text.submitting}>
          {text.submit}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

/** docs/product.md 2.6: the token comes from the e-mailed link's query. */
export function ResetPasswordPage({
  token,
  purpose = 'reset',
}: {
  token?: string;
  purpose?: PasswordPurpose;
}) {
  return token ? <ResetPasswordForm token={token} purpose={purpose} /> : <InvalidResetLink />;
}

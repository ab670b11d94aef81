import { forgotPasswordInput } from '@bank/validators/auth';
import { messages } from '@bank/validators/messages';
import { Button, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { sendHeldSubmit } from '../../app/before-hydration.ts';
import { SuccessAlert } from '../../components/alerts.tsx';
import { BackToSignInLink } from '../../components/back-to-sign-in-link.tsx';
import { FormField } from '../../components/form-field.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';

/** docs/product.md 2.5: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const forgot = trpc.auth.forgotPassword.useMutation();
  const [sent, setSent] = useState(false);
  const form = useZodForm(forgotPasswordInput, { email: '' });
  const { errors, isSubmitting } = form.formState;

  const submit = useAuthSubmit(form, 'Password reset request failed', async (values) => {
    await forgot.mutateAsync(values);
    setSent(true);
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to reset your password."
    >
      <AuthForm
        submit={submit}
        formRef={sendHeldSubmit}
        notice={sent ? <SuccessAlert>{messages.forgotPasswordSent}</SuccessAlert> : null}
        footer={<BackToSignInLink />}
      >
        <FormField label="Email address" error={errors.email} required>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" w="full" loading={isSubmitting} loadingText="Sending…">
          Send reset link
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

import { twoFactorCodeInput } from '@bank/validators/auth';
import { Button } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { FormField } from '../../components/form-field.tsx';
import { OneTimeCodeInput } from '../../components/one-time-code-input.tsx';
import { safeRedirect } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorPage({ redirect }: { redirect?: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const verify = trpc.auth.verify2fa.useMutation();
  const { signOut, isPending: signingOut } = useSignOut();
  const form = useZodForm(twoFactorCodeInput, { code: '' });
  const { errors, isSubmitting } = form.formState;

  const submit = useAuthSubmit(form, '2FA verification failed', async (values) => {
    const result = await verify.mutateAsync(values);
    utils.auth.me.setData(undefined, { user: result.user, twoFactorRequired: false });
    notify({ type: 'success', message: '2FA verification successful' });
    router.history.push(safeRedirect(redirect));
  });

  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
    >
      <AuthForm
        submit={submit}
        footer={
          <>
            Not you?{' '}
            <Button
              variant="plain"
              size="sm"
              p="0"
              h="auto"
              color="brand.fg"
              textDecoration="underline"
              onClick={() => void signOut()}
              disabled={signingOut}
            >
              Sign out
            </Button>
          </>
        }
      >
        <FormField label="Authentication code" error={errors.code} required>
          <OneTimeCodeInput inputMode="text" {...form.register('code')} />
        </FormField>
        <Button type="submit" w="full" loading={isSubmitting} loadingText="Verifying…">
          Verify
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

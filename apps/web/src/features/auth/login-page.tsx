import { loginInput } from '@bank/validators/auth';
import { Button, Link as ChakraLink, Checkbox, HStack, Input } from '@chakra-ui/react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { sendHeldSubmit } from '../../app/before-hydration.ts';
import { SuccessAlert } from '../../components/alerts.tsx';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { FormField } from '../../components/form-field.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { errorReason } from '../../lib/errors.ts';
import { useLocationState } from '../../lib/location-state.ts';
import { safeRedirect } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';

/** docs/product.md 2.3. `redirect` is the page the visitor came from. */
export function LoginPage({ redirect }: { redirect?: string }) {
  const router = useRouter();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation();
  const { message } = useLocationState();
  const form = useZodForm(loginInput, { email: '', password: '', rememberMe: false });
  const { errors, isSubmitting } = form.formState;
  // Ready to type on arrival; the visitor may have moved focus while the prerendered page
  // waited for the app (then it stays where they put it).
  const { setFocus } = form;
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      setFocus('email');
    }
  }, [setFocus]);

  const submit = useAuthSubmit(form, 'Login failed', async (values) => {
    try {
      const result = await login.mutateAsync(values);
      utils.auth.me.setData(undefined, {
        user: result.user,
        twoFactorRequired: result.twoFactorRequired,
      });
      if (result.twoFactorRequired) {
        await navigate({ to: '/2fa-verification', search: { redirect } });
        return;
      }
      notify({ type: 'success', message: 'Login successful' });
      router.history.push(safeRedirect(redirect));
    } catch (error) {
      // An address not yet verified goes to verify it, instead of an error above the form.
      if (errorReason(error) !== 'EMAIL_NOT_VERIFIED') throw error;
      await navigate({ to: '/verify-email', state: { email: values.email } });
    }
  });

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle={
        <>
          Or{' '}
          <ChakraLink asChild variant="underline">
            <Link to="/register">create a new account</Link>
          </ChakraLink>
        </>
      }
    >
      <AuthForm
        submit={submit}
        formRef={sendHeldSubmit}
        notice={message ? <SuccessAlert>{message}</SuccessAlert> : null}
      >
        <FormField label="Email address" error={errors.email} required>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password} required>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <ControlledCheckbox field={field} checked={field.value === true}>
                <Checkbox.Label>Remember me</Checkbox.Label>
              </ControlledCheckbox>
            )}
          />
          <ChakraLink asChild variant="underline" fontSize="sm">
            <Link to="/forgot-password">Forgot your password</Link>
          </ChakraLink>
        </HStack>
        <Button type="submit" w="full" loading={isSubmitting} loadingText="Signing in…">
          Sign in
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

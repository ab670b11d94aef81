import { adultBirthDateLimit, registerInput } from '@bank/validators/auth';
import { Button, Link as ChakraLink, Checkbox, Field, Input, SimpleGrid } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Controller } from 'react-hook-form';
import { sendHeldSubmit } from '../../app/before-hydration.ts';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { FormField } from '../../components/form-field.tsx';
import { NameFields, PhoneNumberField } from '../../components/person-fields.tsx';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { registerForm } from './register-form-schema.ts';

/** docs/product.md 2.4: errors show under each field once it has been touched. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = trpc.auth.register.useMutation();
  const form = useZodForm(
    registerForm,
    {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      dateOfBirth: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    { criteriaMode: 'all' },
  );
  const { errors, isSubmitting } = form.formState;

  const submit = useAuthSubmit(form, 'Registration failed', async (values) => {
    const result = await register.mutateAsync(registerInput.parse(values));
    notify({ type: 'success', message: 'Registration successful. Please verify your email.' });
    await navigate({ to: '/verify-email', state: { email: result.email } });
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <ChakraLink asChild variant="underline">
            <Link to="/login">Sign in</Link>
          </ChakraLink>
        </>
      }
    >
      <AuthForm submit={submit} formRef={sendHeldSubmit}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <NameFields errors={errors} register={form.register} />
        </SimpleGrid>
        <FormField label="Email address" error={errors.email} required>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field }) => <PhoneNumberField field={field} error={errors.phoneNumber} />}
        />
        <FormField label="Date of birth" error={errors.dateOfBirth} required>
          <Input
            type="date"
            max={adultBirthDateLimit()}
            autoComplete="bday"
            {...form.register('dateOfBirth')}
          />
        </FormField>
        <NewPasswordFields
          password={{
            label: 'Password',
            registration: form.register('password'),
            error: errors.password,
          }}
          confirm={{
            label: 'Confirm password',
            registration: form.register('confirmPassword'),
            error: errors.confirmPassword,
          }}
        />
        <Controller
          control={form.control}
          name="acceptTerms"
          render={({ field, fieldState }) => (
            <Field.Root invalid={fieldState.error !== undefined}>
              <ControlledCheckbox field={field} checked={field.value === true} topAligned>
                <Checkbox.Label fontWeight="normal">
                  I agree to the terms and conditions and the privacy policy
                </Checkbox.Label>
              </ControlledCheckbox>
              {/* The links sit outside the label: a click on them never ticks the box. */}
              <Field.HelperText ms="7">
                Read the{' '}
                <ChakraLink asChild variant="underline">
                  <Link to="/terms" target="_blank">
                    Terms and Conditions
                  </Link>
                </ChakraLink>{' '}
                and the{' '}
                <ChakraLink asChild variant="underline">
                  <Link to="/privacy" target="_blank">
                    Privacy Policy
                  </Link>
                </ChakraLink>
                .
              </Field.HelperText>
              {fieldState.error?.message ? (
                <Field.ErrorText ms="7">{fieldState.error.message}</Field.ErrorText>
              ) : null}
            </Field.Root>
          )}
        />
        <Button type="submit" w="full" loading={isSubmitting} loadingText="Creating account…">
          Create account
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

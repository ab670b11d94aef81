import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SuccessAlert } from '../../components/alerts.tsx';
import { ChangePasswordFields } from '../../components/change-password-fields.tsx';
import { useChangePasswordForm } from '../../lib/use-change-password-form.ts';

/**
 * Offered with an 'unauthorised' dispute: someone else may know the password. One step changes
 * it and ends every other session (the server signs out every device but this one).
 */
export function SecureAccountOffer() {
  const [done, setDone] = useState(false);
  const { form, onSubmit } = useChangePasswordForm(() => setDone(true));
  const { isSubmitting } = form.formState;
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
              <ChangePasswordFields form={form} />
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

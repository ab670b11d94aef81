import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The link of the "repeated failed sign-ins" alert: one button signs every session of the
 * account out. A button rather than on load, so a mail scanner opening the link ends nothing.
 */
export function SecureAccountPage({ token }: { token?: string }) {
  const endSessions = trpc.auth.endSessions.useMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onEnd = async () => {
    if (!token) return;
    setError(null);
    try {
      await endSessions.mutateAsync({ token });
      setDone(true);
    } catch (cause) {
      setError(errorMessage(cause, 'The link is invalid or has expired.'));
    }
  };
  return (
    <AuthCard title="Secure your account">
      <Stack gap="4">
        <Text>
          Someone entered wrong passwords for your account. If you think someone else may be signed
          in, sign every session out; then choose a new password.
        </Text>
        {!token ? <ErrorAlert>The link is invalid or has expired.</ErrorAlert> : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        {done ? (
          <SuccessAlert>Every other session was signed out.</SuccessAlert>
        ) : (
          <Button onClick={onEnd} loading={endSessions.isPending} disabled={!token}>
            Sign out every session
          </Button>
        )}
        <Text textAlign="center" fontSize="sm">
          <ChakraLink asChild variant="underline">
            <Link to="/forgot-password">Choose a new password</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </AuthCard>
  );
}

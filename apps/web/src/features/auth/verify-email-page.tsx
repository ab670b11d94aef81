import { messages } from '@bank/validators/messages';
import { Button, Link as ChakraLink, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { useLocationState } from '../../lib/location-state.ts';
import { useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthCard } from './auth-card.tsx';

function BackToSignIn() {
  return (
    <Text textAlign="center" fontSize="sm">
      <ChakraLink asChild variant="underline">
        <Link to="/login">Return to sign in</Link>
      </ChakraLink>
    </Text>
  );
}

/** A token in the link: verify at once (once, even under StrictMode), then go to sign-in. */
function VerifyToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const verify = trpc.auth.verifyEmail.useMutation();
  const started = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    verify
      .mutateAsync({ token })
      .then(() => navigate({ to: '/login', state: { message: messages.verifiedLogin } }))
      .catch((cause: unknown) => setError(errorMessage(cause, 'Email verification failed')));
  }, [token, verify, navigate]);

  if (error) {
    return (
      <AuthCard title="Email verification failed">
        <Stack gap="4">
          <ErrorAlert>{error}</ErrorAlert>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email">
      <HStack justify="center" gap="3" role="status">
        <Spinner size="md" />
        <Text>Verifying your email address…</Text>
      </HStack>
    </AuthCard>
  );
}

/** No token: the "check your inbox" screen, with a resend button that really resends. */
function CheckInbox({ email }: { email: string }) {
  const resend = trpc.auth.resendVerification.useMutation();
  const [resent, setResent] = useState(false);
  const onResend = async () => {
    setResent(false);
    try {
      await resend.mutateAsync({ email });
      setResent(true);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Email verification failed') });
    }
  };
  return (
    <AuthCard title="Verify your email">
      <Stack gap="4" textAlign="center">
        <Text>
          We sent a verification link to{' '}
          <Text as="strong" wordBreak="break-all">
            {email}
          </Text>
          . Click the link in that email to verify your account.
        </Text>
        {resent ? <SuccessAlert>Verification email resent!</SuccessAlert> : null}
        <Button
          onClick={onResend}
          loading={resend.isPending}
          loadingText="Sending…"
          variant="outline"
        >
          Resend verification email
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Didn't receive the email? Check your spam or junk folder, or resend it.
        </Text>
        <DevMailboxLink email={email} />
        <BackToSignIn />
      </Stack>
    </AuthCard>
  );
}

/**
 * Without SMTP the server keeps e-mail in its development mailbox (docs/architecture.md 4): say
 * where. The mailbox answers NOT_FOUND once SMTP is configured, and the link is then not shown.
 */
function DevMailboxLink({ email }: { email: string }) {
  const mailbox = trpc.dev.mailbox.useQuery({ to: email }, { retry: false });
  if (!mailbox.isSuccess) return null;
  return (
    <Text fontSize="sm">
      <ChakraLink asChild variant="underline">
        <Link to="/dev/mailbox" search={{ to: email }}>
          Open the development mailbox for this address
        </Link>
      </ChakraLink>
    </Text>
  );
}

function InvalidVerificationLink() {
  return (
    <AuthCard title="Invalid Verification Link">
      <Stack gap="4" textAlign="center">
        <Text color="fg.muted">The verification link is invalid or has expired.</Text>
        <BackToSignIn />
      </Stack>
    </AuthCard>
  );
}

/** docs/product.md 2.7. */
export function VerifyEmailPage({ token }: { token?: string }) {
  const state = useLocationState();
  const { user } = useSession();
  if (token) return <VerifyToken token={token} />;
  // The e-mail from registration or sign-in, or a signed-in user who must still verify.
  const email = state.email ?? (user?.emailVerificationRequired ? user.email : undefined);
  if (!email) return <InvalidVerificationLink />;
  return <CheckInbox email={email} />;
}

import { twoFactorCodeInput } from '@bank/validators/auth';
import { Box, Button, Code, HStack, Image, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { InfoAlert, SuccessAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { OneTimeCodeInput } from '../../components/one-time-code-input.tsx';
import { errorMessage } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';

type Setup = RouterOutputs['auth']['setup2fa'];

function useReplaceUser() {
  const utils = trpc.useUtils();
  return (user: SessionUser) =>
    utils.auth.me.setData(undefined, (current) => (current ? { ...current, user } : current));
}

/** A code field and its submit button: six digits, or a recovery code where allowed. */
function CodeForm(props: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useZodForm(twoFactorCodeInput, { code: '' });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    await props.onCode(code);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3" maxW="sm">
        <FormField label={props.label} error={form.formState.errors.code} required>
          <OneTimeCodeInput {...form.register('code')} />
        </FormField>
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {props.submitLabel}
          </Button>
          {props.onCancel ? (
            <Button type="button" variant="ghost" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}

function EnabledState() {
  const disable = trpc.auth.disable2fa.useMutation();
  const replaceUser = useReplaceUser();
  const [confirming, setConfirming] = useState(false);
  const onCode = async (code: string) => {
    try {
      const result = await disable.mutateAsync({ code });
      replaceUser(result.user);
      notify({ type: 'success', message: 'Two-factor authentication disabled' });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, '2FA verification failed') });
    }
  };
  return (
    <Stack gap="4">
      <HStack gap="2" color="green.fg">
        <LuShieldCheck aria-hidden="true" />
        <Text fontWeight="semibold">Two-factor authentication is enabled</Text>
      </HStack>
      {confirming ? (
        <CodeForm
          label="Code from your authenticator app or a recovery code"
          submitLabel="Disable two-factor authentication"
          onCode={onCode}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button
          alignSelf="flex-start"
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirming(true)}
        >
          Disable
        </Button>
      )}
    </Stack>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="3">
      <SuccessAlert title="Two-factor authentication is enabled">
        Store these recovery codes somewhere safe, such as a password manager. Each code signs you
        in once if you lose your authenticator app. They will not be shown again.
      </SuccessAlert>
      <SimpleGrid
        as="ul"
        columns={{ base: 1, sm: 2 }}
        gap="2"
        listStyleType="none"
        p="0"
        m="0"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <Box as="li" key={code}>
            <Code fontSize="md" px="2" py="1">
              {code}
            </Code>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function SetupSteps({ setup, onEnabled }: { setup: Setup; onEnabled: (codes: string[]) => void }) {
  const enable = trpc.auth.enable2fa.useMutation();
  const replaceUser = useReplaceUser();
  const onCode = async (code: string) => {
    try {
      const result = await enable.mutateAsync({ code });
      notify({ type: 'success', message: '2FA setup successful' });
      onEnabled(result.recoveryCodes);
      replaceUser(result.user);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, '2FA setup failed') });
    }
  };
  return (
    <Stack gap="5">
      <List.Root as="ol" gap="2" ps="5">
        <List.Item>Scan this QR code with an authenticator app (or enter the key below).</List.Item>
        <List.Item>Enter the 6-digit code the app shows to finish.</List.Item>
      </List.Root>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ sm: 'center' }}>
        <Box bg="white" p="2" borderRadius="l2" borderWidth="1px" alignSelf="flex-start">
          <Image src={setup.qrCode} alt="QR code for your authenticator app" boxSize="44" />
        </Box>
        <Stack gap="1" minW="0">
          <Text fontSize="sm" color="fg.muted">
            Setup key
          </Text>
          <Code fontSize="sm" wordBreak="break-all" whiteSpace="normal" p="2">
            {setup.secret}
          </Code>
        </Stack>
      </Stack>
      <CodeForm label="Verification code" submitLabel="Verify and enable" onCode={onCode} />
    </Stack>
  );
}

/** docs/product.md 2.10, Two-Factor Auth tab; disabling really works and needs a code (docs/architecture.md 5). */
export function TwoFactorSettings({ user }: { user: SessionUser }) {
  const setupCall = trpc.auth.setup2fa.useMutation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (user.twoFactorEnabled) return <EnabledState />;
  if (setup) {
    return (
      <SetupSteps
        setup={setup}
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          setSetup(null);
        }}
      />
    );
  }
  const startSetup = async () => {
    try {
      setSetup(await setupCall.mutateAsync());
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, '2FA setup failed') });
    }
  };
  return (
    <Stack gap="4" maxW="xl">
      <InfoAlert>
        Protect your account with a second step at sign-in: a code from an authenticator app on your
        phone.
      </InfoAlert>
      <Button alignSelf="flex-start" onClick={startSetup} loading={setupCall.isPending}>
        Enable Two-Factor Authentication
      </Button>
    </Stack>
  );
}

import { Button, Code, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../components/copy-button.tsx';
import { ModalFrame } from '../../components/modal-dialog.tsx';
import type { AppWithSecret } from './register-app-dialog.tsx';

function Credential(props: { label: string; value: string }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {props.label}
      </Text>
      <HStack gap="1" align="center">
        <Code
          flex="1"
          minW="0"
          p="2"
          wordBreak="break-all"
          whiteSpace="normal"
          fontSize="sm"
          aria-label={props.label}
        >
          {props.value}
        </Code>
        <CopyButton
          value={props.value}
          label={`Copy ${props.label.toLowerCase()}`}
          successMessage={`${props.label} copied`}
        />
      </HStack>
    </Stack>
  );
}

/** The client secret, shown this once (the bank keeps it sealed and never shows it again). */
export function AppSecretDialog(props: { result: AppWithSecret | null; onClose: () => void }) {
  const { result } = props;
  return (
    <ModalFrame role="alertdialog" open={result !== null} onClose={props.onClose}>
      <Dialog.Header>
        <Dialog.Title>{result ? `Credentials for ${result.app.name}` : ''}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {result ? (
          <Stack gap="4">
            <Text color="fg.warning" fontWeight="medium">
              Copy the secret now: it is shown only this once.
            </Text>
            <Credential label="Client ID" value={result.app.clientId} />
            <Credential label="Client secret" value={result.clientSecret} />
          </Stack>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button>Done</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </ModalFrame>
  );
}

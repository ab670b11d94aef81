import {
  type AppScope,
  appScopeLabels,
  appScopes,
  createAppInput,
} from '@bank/validators/partners';
import { Button, Checkbox, Fieldset, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

export type AppWithSecret = RouterOutputs['partners']['createApp'];

type Field = 'name' | 'redirectUris' | 'scopes';

/** The first message zod gives for each field (a redirect URI's index names its line). */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (field !== 'name' && field !== 'redirectUris' && field !== 'scopes') continue;
    const message =
      field === 'redirectUris' && typeof index === 'number'
        ? `Line ${index + 1}: ${issue.message}`
        : issue.message;
    errors[field] ??= message;
  }
  return errors;
}

/** Staff register an app: name, redirect URIs (one a line) and the scopes it may ask for. */
export function RegisterAppDialog(props: {
  open: boolean;
  onClose: () => void;
  onRegistered: (result: AppWithSecret) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.partners.createApp.useMutation();
  const [name, setName] = useState('');
  const [redirectUris, setRedirectUris] = useState('');
  const [scopes, setScopes] = useState<AppScope[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const close = () => {
    setName('');
    setRedirectUris('');
    setScopes([]);
    setErrors({});
    props.onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createAppInput.safeParse({
      name,
      redirectUris: redirectUris
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      scopes,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const result = await create.mutateAsync(parsed.data);
      await utils.partners.listApps.invalidate();
      close();
      props.onRegistered(result);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to register the app') });
    }
  };

  return (
    <ModalDialog
      open={props.open}
      onClose={close}
      title="Register app"
      onSubmit={(event) => void submit(event)}
      actions={
        <Button type="submit" loading={create.isPending} loadingText="Registering…">
          Register
        </Button>
      }
    >
      <Stack gap="4">
        <FormField
          label="App name"
          required
          error={errors.name ? { type: 'zod', message: errors.name } : undefined}
        >
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={80} />
        </FormField>
        <FormField
          label="Redirect URIs"
          helperText="One a line. https://, or http:// for localhost. Leave empty for an app that only calls for itself."
          error={errors.redirectUris ? { type: 'zod', message: errors.redirectUris } : undefined}
        >
          <Textarea
            value={redirectUris}
            onChange={(event) => setRedirectUris(event.target.value)}
            rows={3}
            placeholder="https://app.example/callback"
          />
        </FormField>
        <Fieldset.Root invalid={Boolean(errors.scopes)}>
          <Fieldset.Legend>Scopes</Fieldset.Legend>
          <Stack gap="2">
            {appScopes.map((scope) => (
              <Checkbox.Root
                key={scope}
                checked={scopes.includes(scope)}
                onCheckedChange={(details) =>
                  setScopes((current) =>
                    details.checked === true
                      ? [...current, scope]
                      : current.filter((value) => value !== scope),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text as="span" fontFamily="mono" fontSize="sm">
                    {scope}
                  </Text>
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {` · ${appScopeLabels[scope]}`}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {errors.scopes ? <Fieldset.ErrorText>{errors.scopes}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
      </Stack>
    </ModalDialog>
  );
}

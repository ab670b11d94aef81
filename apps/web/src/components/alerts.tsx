import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The red box above a form (SPEC.md 8: auth errors show as text in a red box). */
export function ErrorAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert.Root status="error" variant="subtle" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function SuccessAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert.Root status="success" variant="subtle" role="status">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function InfoAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

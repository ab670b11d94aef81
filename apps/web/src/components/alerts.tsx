import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AlertProps {
  title?: string;
  children: ReactNode;
}

/** One message box; the exports below fix its status and its role for screen readers. */
function MessageBox({
  status,
  role,
  title,
  children,
}: AlertProps & { status: 'error' | 'success' | 'info'; role?: 'alert' | 'status' }) {
  return (
    <Alert.Root status={status} variant="subtle" {...(role ? { role } : {})}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The red box above a form (docs/product.md 8: auth errors show as text in a red box). */
export function ErrorAlert(props: AlertProps) {
  return <MessageBox status="error" role="alert" {...props} />;
}

export function SuccessAlert(props: AlertProps) {
  return <MessageBox status="success" role="status" {...props} />;
}

export function InfoAlert(props: AlertProps) {
  return <MessageBox status="info" {...props} />;
}

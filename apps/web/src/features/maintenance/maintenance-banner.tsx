import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** Administrators keep working during maintenance, reminded that customers are shut out. */
export function MaintenanceBanner() {
  return (
    <Alert.Root status="warning" variant="subtle" mb="6" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Maintenance mode is on</Alert.Title>
        <Alert.Description>
          Customers cannot use online banking until it is turned off in{' '}
          <ChakraLink asChild variant="underline">
            <Link to="/admin/settings">Settings</Link>
          </ChakraLink>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

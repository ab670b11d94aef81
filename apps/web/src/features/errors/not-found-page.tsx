import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ErrorShell } from './error-shell.tsx';

/** docs/product.md 2.31: the 404 page, also shown for any unknown path. */
export function NotFoundPage() {
  return (
    <ErrorShell>
      <Stack gap="5" align="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">Please check the URL in the address bar and try again.</Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button asChild>
            <Link to="/">Go back home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/support">Contact support</Link>
          </Button>
        </HStack>
      </Stack>
    </ErrorShell>
  );
}

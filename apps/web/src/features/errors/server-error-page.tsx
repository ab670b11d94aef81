import { Box, Button, Link as ChakraLink, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, useRouter } from '@tanstack/react-router';
import { useBank } from '../../lib/bank.ts';
import { ErrorShell } from './error-shell.tsx';

/** docs/product.md 2.31: the server error page (/500), also the router's error screen. */
export function ServerErrorPage() {
  const bank = useBank();
  const router = useRouter();
  return (
    <ErrorShell
      code="500"
      actions={
        <>
          <Button variant="outline" onClick={() => router.history.back()}>
            Go back
          </Button>
          <Button asChild>
            <Link to="/">Go to dashboard</Link>
          </Button>
        </>
      }
    >
      <Box
        as="section"
        aria-labelledby="need-help-heading"
        mt="4"
        p="5"
        w="full"
        borderWidth="1px"
        borderRadius="l3"
        bg="bg.subtle"
        textAlign="start"
      >
        <Heading as="h2" id="need-help-heading" size="md" mb="2">
          Need help?
        </Heading>
        <Stack gap="1" fontSize="sm">
          <Text>
            Email:{' '}
            <ChakraLink href={`mailto:${bank.supportEmail}`} variant="underline">
              {bank.supportEmail}
            </ChakraLink>
          </Text>
          <Text>
            Phone:{' '}
            <ChakraLink href={`tel:${bank.supportPhone}`} variant="underline">
              {bank.supportPhone}
            </ChakraLink>
          </Text>
          <Text>
            <ChakraLink asChild variant="underline">
              <Link to="/support/create">Submit a support ticket</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </Box>
    </ErrorShell>
  );
}

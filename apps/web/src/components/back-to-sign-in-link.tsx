import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** The way back to the sign-in page from the pages a signed-out visitor reaches from it. */
export function BackToSignInLink() {
  return (
    <ChakraLink asChild variant="underline">
      <Link to="/login">Back to sign in</Link>
    </ChakraLink>
  );
}

import { Link as ChakraLink, HStack, Spacer } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ColorModeButton } from './color-mode.tsx';
import { Logo } from './logo.tsx';

/**
 * The header of the pages outside the app's frame (sign-in, errors, the development mailbox):
 * the logo, a link to `home`, and the colour mode switch.
 */
export function PublicHeader(props: { home: '/' | '/login'; bordered?: boolean }) {
  return (
    <HStack
      as="header"
      px={{ base: '4', md: '8' }}
      py="4"
      borderBottomWidth={props.bordered ? '1px' : undefined}
    >
      <ChakraLink asChild color="fg" _hover={{ textDecoration: 'none' }}>
        <Link to={props.home}>
          <Logo />
        </Link>
      </ChakraLink>
      <Spacer />
      <ColorModeButton />
    </HStack>
  );
}

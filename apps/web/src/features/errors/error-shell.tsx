import { Box, Link as ChakraLink, Flex, HStack, Spacer, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ColorModeButton } from '../../components/color-mode.tsx';
import { Logo } from '../../components/logo.tsx';
import { useBank } from '../../lib/bank.ts';

/** A plain frame for error pages, which may show with or without a session. */
export function ErrorShell({ children }: { children: ReactNode }) {
  const bank = useBank();
  return (
    <Flex direction="column" minH="100dvh">
      <HStack as="header" px={{ base: '4', md: '8' }} py="4" borderBottomWidth="1px">
        <ChakraLink asChild color="fg" _hover={{ textDecoration: 'none' }}>
          <Link to="/">
            <Logo />
          </Link>
        </ChakraLink>
        <Spacer />
        <ColorModeButton />
      </HStack>
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="12">
        <Box maxW="xl" w="full" textAlign="center">
          {children}
        </Box>
      </Flex>
      <Box as="footer" py="6" borderTopWidth="1px">
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          © {new Date().getFullYear()} {bank.name}
        </Text>
      </Box>
    </Flex>
  );
}

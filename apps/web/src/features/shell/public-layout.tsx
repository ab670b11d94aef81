import { Box, Container, Flex, Image, Text } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { PublicHeader } from '../../components/public-header.tsx';
import { useBank } from '../../lib/bank.ts';

/** docs/product.md 2.1: logo and name, a side image on large screens, and the tagline footer. */
export function PublicLayout() {
  const bank = useBank();
  return (
    <Flex minH="100dvh">
      <Flex direction="column" flex="1" minW="0">
        <PublicHeader home="/login" />
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
          <Container maxW="3xl" px="0">
            <Outlet />
          </Container>
        </Box>
        <Box as="footer" px={{ base: '4', md: '8' }} py="6" borderTopWidth="1px">
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            © {new Date().getFullYear()} {bank.name}. {bank.tagline}
          </Text>
        </Box>
      </Flex>
      <Box
        hideBelow="lg"
        flex="0 0 42%"
        maxW="720px"
        position="sticky"
        top="0"
        h="100dvh"
        overflow="hidden"
        bg="brand.950"
      >
        <Image src="/side-illustration.svg" alt="" w="full" h="full" objectFit="cover" />
      </Box>
    </Flex>
  );
}

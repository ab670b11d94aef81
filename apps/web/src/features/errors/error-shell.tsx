import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PublicHeader } from '../../components/public-header.tsx';
import { useBank } from '../../lib/bank.ts';

/**
 * A plain frame for error pages, which may show with or without a session: the status code
 * large, the page's h1 and what happened, then `children` (the ways on).
 */
export function ErrorShell(props: {
  code: string;
  codeColor: 'brand.fg' | 'red.fg';
  title: string;
  message: string;
  children: ReactNode;
}) {
  const bank = useBank();
  return (
    <Flex direction="column" minH="100dvh">
      <PublicHeader home="/" bordered />
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="12">
        <Box maxW="xl" w="full" textAlign="center">
          <Stack gap="5" align="center">
            <Text
              fontSize="6xl"
              fontWeight="bold"
              color={props.codeColor}
              lineHeight="1"
              aria-hidden="true"
            >
              {props.code}
            </Text>
            <Heading as="h1" size="2xl">
              {props.title}
            </Heading>
            <Text color="fg.muted">{props.message}</Text>
            {props.children}
          </Stack>
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

import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PublicHeader } from '../../components/public-header.tsx';
import { useBank } from '../../lib/bank.ts';

/** docs/product.md 2.31: what each error page says, under its status code. */
const errorPages = {
  '404': {
    codeColor: 'brand.fg',
    title: 'Page not found',
    message: 'Please check the URL in the address bar and try again.',
  },
  '500': {
    codeColor: 'red.fg',
    title: 'Server Error',
    message: "Sorry, we're experiencing technical difficulties. Please try again later.",
  },
} as const;

/**
 * A plain frame for error pages, which may show with or without a session: the status code
 * large, the page's h1 and what happened, then the ways on: `actions` in a row, and `children`.
 */
export function ErrorShell(props: {
  code: keyof typeof errorPages;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const bank = useBank();
  const page = errorPages[props.code];
  return (
    <Flex direction="column" minH="100dvh">
      <PublicHeader home="/" bordered />
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="12">
        <Box maxW="xl" w="full" textAlign="center">
          <Stack gap="5" align="center">
            <Text
              fontSize="6xl"
              fontWeight="bold"
              color={page.codeColor}
              lineHeight="1"
              aria-hidden="true"
            >
              {props.code}
            </Text>
            <Heading as="h1" size="2xl">
              {page.title}
            </Heading>
            <Text color="fg.muted">{page.message}</Text>
            <HStack gap="3" flexWrap="wrap" justify="center">
              {props.actions}
            </HStack>
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

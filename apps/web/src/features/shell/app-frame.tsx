import { Box, Link as ChakraLink, Flex, Spacer } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH } from './layout-size.ts';

function SkipLink() {
  return (
    <ChakraLink
      href="#main-content"
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipLink"
      bg="bg"
      px="3"
      py="2"
      borderRadius="l2"
      _focus={{ top: '2' }}
    >
      Skip to main content
    </ChakraLink>
  );
}

/**
 * docs/product.md 2.2's frame: top bar, 280 px sidebar (a slide-over on small screens), and the
 * page. The signed-in layout fills it; so does the shell prerendered at build time (app-shell.tsx),
 * drawn before any script runs, whose boxes therefore stand where the page's will.
 */
export function AppFrame(props: {
  /** Before the logo: the phone's navigation button. */
  headerStart: ReactNode;
  logo: ReactNode;
  /** After the spacer: notifications, theme and account. */
  headerEnd: ReactNode;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Flex
        as="header"
        h="16"
        px={{ base: '2', md: '4' }}
        gap="1"
        align="center"
        borderBottomWidth="1px"
        bg="bg"
        position="sticky"
        top="0"
        zIndex="sticky"
        // The account menu opens below the bar, where the toasts are; while it is open the bar
        // (the menu's stacking context) goes above them, or a toast would cover 'Sign out' and,
        // hovered, never leave. Dialogs close the menu, so they still cover the bar.
        css={{
          '&:has([data-scope="menu"][data-part="content"][data-state="open"])': {
            zIndex: 'tooltip',
          },
        }}
      >
        {props.headerStart}
        {props.logo}
        <Spacer />
        {props.headerEnd}
      </Flex>
      <Flex flex="1" minH="0">
        {/* The aside spans the row's full height (its background reaches the window's bottom
            however long the page); the navigation inside it stays in view while scrolling. */}
        <Box
          as="aside"
          hideBelow="lg"
          w={SIDEBAR_WIDTH}
          flexShrink="0"
          borderEndWidth="1px"
          bg="bg.subtle"
        >
          <Box position="sticky" top="16" h="calc(100dvh - 4rem)">
            {props.sidebar}
          </Box>
        </Box>
        <Box
          as="main"
          id="main-content"
          tabIndex={-1}
          flex="1"
          minW="0"
          px={{ base: '4', md: '8' }}
          py={{ base: '6', md: '8' }}
          _focus={{ outline: 'none' }}
        >
          <Box maxW="6xl" mx="auto">
            {props.children}
          </Box>
        </Box>
      </Flex>
    </Flex>
  );
}

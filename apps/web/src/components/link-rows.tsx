import { Box, Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A plain list (no bullets, no indent) of rows, named for screen readers by `label`. */
export function RowList(props: { label: string; children: ReactNode }) {
  return (
    <Box as="ul" aria-label={props.label} m="0" p="0">
      {props.children}
    </Box>
  );
}

/**
 * One row of a RowList that opens something: the whole row is the link (`children`, a router
 * Link), shaded under the pointer, with a line between rows. `linkProps` lay out its content.
 */
export function LinkRow({ children, ...linkProps }: LinkProps & { children: ReactNode }) {
  return (
    <Box as="li" listStyleType="none" _notLast={{ borderBottomWidth: '1px' }}>
      <ChakraLink
        asChild
        px={{ base: '3', md: '4' }}
        py="3"
        color="fg"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
        focusRingOffset="-2px"
        {...linkProps}
      >
        {children}
      </ChakraLink>
    </Box>
  );
}

import { Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A list screen's h1 with its buttons beside it, wrapping under it on a narrow screen. */
export function PageHeadingWithActions(props: { title: string; children: ReactNode }) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Heading as="h1" size="2xl" flex="1" minW="48">
        {props.title}
      </Heading>
      {props.children}
    </Flex>
  );
}

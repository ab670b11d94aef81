import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A page's h1 and the line under it that says what the page is for; an `action` (a button)
 * sits beside them on a wide screen and under them on a phone.
 */
export function PageTitle(props: {
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  /** Between the h1 and its line; the help pages set theirs a step further apart. */
  gap?: '1' | '2';
}) {
  const title = (
    <Stack gap={props.gap ?? '1'}>
      <Heading as="h1" size="2xl">
        {props.title}
      </Heading>
      <Text color="fg.muted">{props.children}</Text>
    </Stack>
  );
  if (!props.action) return title;
  return (
    <Flex
      gap="4"
      justify="space-between"
      align={{ base: 'stretch', sm: 'flex-end' }}
      direction={{ base: 'column', sm: 'row' }}
    >
      {title}
      {props.action}
    </Flex>
  );
}

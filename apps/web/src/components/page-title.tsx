import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page's h1 and the line under it that says what the page is for. */
export function PageTitle(props: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {props.title}
      </Heading>
      <Text color="fg.muted">{props.children}</Text>
    </Stack>
  );
}

import { Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/**
 * A section of a page under its h2 and a line that says what it holds, named for screen readers
 * by its heading.
 */
export function DescribedSection(props: {
  title: string;
  description: string;
  /** Between the heading and what follows, and between what follows. */
  gap: '3' | '5';
  children: ReactNode;
}) {
  // Unique on the page, so each section is named by its own heading.
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap={props.gap}>
      <Stack gap="1">
        <Heading as="h2" id={id} size="md">
          {props.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {props.description}
        </Text>
      </Stack>
      {props.children}
    </Stack>
  );
}

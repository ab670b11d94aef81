import { Card, Flex, Heading } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** A titled card of a detail or settings page, named for screen readers by its heading. */
export function SectionCard(props: { title: string; action?: ReactNode; children: ReactNode }) {
  // Unique on the page, so each section is named by its own heading.
  const id = useId();
  const heading = (
    <Heading as="h2" id={id} size="md" flex={props.action ? '1' : undefined}>
      {props.title}
    </Heading>
  );
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Body gap="4">
        {props.action ? (
          <Flex gap="3" align="center" wrap="wrap">
            {heading}
            {props.action}
          </Flex>
        ) : (
          heading
        )}
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

import { Card, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of a detail or settings page, named for screen readers by its heading. */
export function SectionCard(props: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `${props.title.toLowerCase().replaceAll(' ', '-')}-heading`;
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

import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A dashboard card named by its heading, with a line under the heading saying which period. */
export function TitledCard(props: {
  headingId: string;
  title: string;
  note: ReactNode;
  /** The body's side padding on a phone (the chart runs closer to the edge). */
  bodyPaddingX: '3' | '4';
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={props.headingId} variant="outline">
      <Card.Header pb="2" px={{ base: '4', md: '5' }}>
        <Heading as="h2" id={props.headingId} size="md">
          {props.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {props.note}
        </Text>
      </Card.Header>
      <Card.Body px={{ base: props.bodyPaddingX, md: '5' }} pt="2">
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

import { Card, type CardHeaderProps, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A header with an action keeps the action on the title's line, at its end. */
const headerWithAction = {
  flexDirection: 'row',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
} satisfies CardHeaderProps;

/**
 * One titled box of an admin screen (the analytics, the dashboard's recent activity): a note
 * under the title, or an action (a link) beside it. A `flush` box gives its list the width
 * (the list's rows have their own padding).
 */
export function Panel(props: {
  id: string;
  title: string;
  note?: ReactNode;
  action?: ReactNode;
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={props.id} variant="outline" minW="0">
      <Card.Header pb="2" px={{ base: '4', md: '5' }} {...(props.action ? headerWithAction : {})}>
        <Heading as="h2" id={props.id} size="md">
          {props.title}
        </Heading>
        {props.note ? (
          <Text fontSize="sm" color="fg.muted">
            {props.note}
          </Text>
        ) : null}
        {props.action}
      </Card.Header>
      {props.flush ? (
        <Card.Body p="2" pt="0">
          {props.children}
        </Card.Body>
      ) : (
        <Card.Body px={{ base: '3', md: '5' }} pt="2">
          {props.children}
        </Card.Body>
      )}
    </Card.Root>
  );
}

import { Card, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled box of the analytics screen. */
export function Panel(props: { id: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={props.id} variant="outline" minW="0">
      <Card.Header pb="2" px={{ base: '4', md: '5' }}>
        <Heading as="h2" id={props.id} size="md">
          {props.title}
        </Heading>
        {props.note ? (
          <Text fontSize="sm" color="fg.muted">
            {props.note}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body px={{ base: '3', md: '5' }} pt="2">
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

/** The numbers behind a chart, for screen readers (the drawing itself is hidden from them). */
export function HiddenTable(props: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are days, fixed in order
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export const numberFormat = new Intl.NumberFormat('en-US');

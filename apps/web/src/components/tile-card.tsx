import { Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One tile of a list of cards (saved banks and payees, connected apps, loan products). */
export function TileCard({ children }: { children: ReactNode }) {
  return (
    <Card.Root as="li" variant="outline" listStyleType="none">
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

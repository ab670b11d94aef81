import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  mono?: boolean;
}

/** Label and value pairs as a description list: stacked on phones, two columns from sm. */
export function DetailList({ rows, size = 'md' }: { rows: DetailRow[]; size?: 'sm' | 'md' }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, max-content) 1fr' }}
      columnGap="6"
      rowGap={{ base: '1', sm: size === 'sm' ? '2' : '3' }}
      fontSize={size}
      m="0"
    >
      {rows.map((row) => (
        <Box key={row.label} display="contents">
          <Box as="dt" color="fg.muted" fontSize="sm" pt={{ base: '2', sm: '0' }}>
            {row.label}
          </Box>
          <Box
            as="dd"
            m="0"
            minW="0"
            wordBreak="break-word"
            fontFamily={row.mono ? 'mono' : undefined}
          >
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

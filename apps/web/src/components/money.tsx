import { Badge, Text, type TextProps } from '@chakra-ui/react';
import { formatSignedMoney, humanize } from '../lib/format.ts';

/** docs/product.md 4: completed green, pending yellow, failed red, anything else grey. */
export function statusPalette(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'completed':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return 'gray';
  }
}

export function TransactionStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" size="sm" flexShrink="0">
      {humanize(status)}
    </Badge>
  );
}

/** Money in is green with a plus, money out red with a minus (the viewer's direction). */
export function SignedAmount({
  amount,
  direction,
  ...props
}: { amount: number; direction: 'credit' | 'debit' } & TextProps) {
  return (
    <Text
      as="span"
      fontWeight="semibold"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      color={direction === 'credit' ? 'green.fg' : 'red.fg'}
      {...props}
    >
      {formatSignedMoney(amount, direction)}
    </Text>
  );
}

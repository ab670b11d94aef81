import { Badge } from '@chakra-ui/react';
import { humanize } from '../lib/format.ts';

/** docs/product.md 4: approved green, pending yellow, rejected red; paid off blue, default red. */
export function loanStatusPalette(status: string): 'green' | 'yellow' | 'red' | 'blue' | 'gray' {
  switch (status) {
    case 'approved':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'rejected':
    case 'defaulted':
      return 'red';
    case 'completed':
      return 'blue';
    default:
      return 'gray';
  }
}

export function LoanStatusBadge({ status, overdue }: { status: string; overdue?: boolean }) {
  return (
    <>
      <Badge colorPalette={loanStatusPalette(status)} variant="subtle" size="sm" flexShrink="0">
        {humanize(status)}
      </Badge>
      {overdue && status === 'approved' ? (
        <Badge colorPalette="orange" variant="subtle" size="sm" flexShrink="0">
          Overdue
        </Badge>
      ) : null}
    </>
  );
}

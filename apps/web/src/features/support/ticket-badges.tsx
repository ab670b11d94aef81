import { Badge } from '@chakra-ui/react';

/** docs/product.md 4: resolved green, in progress yellow, open blue, other grey; underscores as spaces. */
export function ticketStatusPalette(status: string): 'green' | 'yellow' | 'blue' | 'gray' {
  if (status === 'resolved') return 'green';
  if (status === 'in_progress') return 'yellow';
  if (status === 'open') return 'blue';
  return 'gray';
}

export function priorityPalette(priority: string): 'red' | 'yellow' | 'green' | 'gray' {
  if (priority === 'high') return 'red';
  if (priority === 'medium') return 'yellow';
  if (priority === 'low') return 'green';
  return 'gray';
}

/** 'in_progress' → 'in progress', 'technical_support' → 'technical support'. */
export function spaced(value: string): string {
  return value.replaceAll('_', ' ');
}

export function TicketStatusBadge({ status, upper }: { status: string; upper?: boolean }) {
  const label = spaced(status);
  return (
    <Badge colorPalette={ticketStatusPalette(status)} variant="subtle" textTransform="none">
      {upper ? label.toUpperCase() : label}
    </Badge>
  );
}

export function PriorityBadge({ priority, short }: { priority: string; short?: boolean }) {
  return (
    <Badge colorPalette={priorityPalette(priority)} variant="outline" textTransform="none">
      {short ? priority : `${priority} priority`}
    </Badge>
  );
}

/** Chat is available until the ticket is resolved (docs/product.md 4); a closed ticket is done too. */
export function chatIsOpen(status: string): boolean {
  return status === 'open' || status === 'in_progress';
}

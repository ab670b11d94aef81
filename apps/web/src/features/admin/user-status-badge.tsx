import type { UserStatus } from '@bank/validators/admin';
import { Badge } from '@chakra-ui/react';
import { humanize } from '../../lib/format.ts';

const palette: Record<UserStatus, 'green' | 'red' | 'yellow'> = {
  active: 'green',
  blocked: 'red',
  unverified: 'yellow',
};

/** docs/product.md 2.25's three statuses. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge colorPalette={palette[status]} variant="subtle">
      {humanize(status)}
    </Badge>
  );
}

import { auditEventLabels, isAuditEvent } from '@bank/validators/audit-events';
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { DescribedSection } from '../../components/described-section.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type StaffEntry = RouterOutputs['auth']['staffActivity']['data'][number];

/** The customer's words for what staff did; other events read as the bank's own labels. */
const customerLabels: Record<string, string> = {
  'staff.viewed_profile': 'Opened your profile and transactions',
  'staff.viewed_ticket': 'Opened your support ticket',
  'user.updated': 'Changed your details or limits',
  'user.blocked': 'Blocked your sign-in',
  'user.unblocked': 'Unblocked your sign-in',
  'auth.sessions_ended': 'Signed out all your sessions',
  'auth.session_ended': 'Signed out one of your sessions',
  'loan.status_changed': 'Decided your loan application',
  'support.ticket_status_changed': 'Changed your support ticket’s status',
};

function labelOf(event: string): string {
  const own = customerLabels[event];
  if (own) return own;
  return isAuditEvent(event) ? auditEventLabels[event] : event;
}

const roleNames = { user: 'Customer', admin: 'Administrator', support: 'Support agent' } as const;

function StaffEntryRow({ entry }: { entry: StaffEntry }) {
  return (
    <Flex
      as="li"
      gap={{ base: '1', sm: '3' }}
      justify="space-between"
      direction={{ base: 'column', sm: 'row' }}
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: '0' }}
    >
      <Stack gap="0.5">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="medium">{labelOf(entry.event)}</Text>
          <Badge colorPalette={entry.kind === 'view' ? 'gray' : 'blue'} size="sm">
            {entry.kind === 'view' ? 'Viewed' : 'Action'}
          </Badge>
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          {roleNames[entry.role]}
          {entry.reason ? ` · Reason: ${entry.reason}` : ''}
        </Text>
      </Stack>
      <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
        {formatDateTime(entry.createdAt)}
      </Text>
    </Flex>
  );
}

/**
 * Under Profile -> Security: when bank staff opened the customer's data and what they
 * did to the account, with their role (never their name), the time and the reason given.
 */
export function StaffActivity() {
  const activity = trpc.auth.staffActivity.useQuery();
  return (
    <DescribedSection
      title="Bank staff access"
      description="When our staff opened your details or acted on your account."
      gap="3"
    >
      {activity.isPending ? (
        <ListSpinner label="Loading staff access" />
      ) : activity.isError ? (
        <ErrorAlert>Failed to load staff access</ErrorAlert>
      ) : activity.data.data.length === 0 ? (
        <Text color="fg.muted">No staff member has opened your account.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" m="0" p="0" gap="0" aria-label="Staff access">
          {activity.data.data.map((entry) => (
            <StaffEntryRow key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </DescribedSection>
  );
}

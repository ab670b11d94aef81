import { Stack, Text } from '@chakra-ui/react';

/** Who acted on an audit entry: the person and, for staff, their role. */
export interface AuditActor {
  id: string;
  name: string;
  role: 'user' | 'admin' | 'support';
  email?: string;
}

const roleNames = { user: 'customer', admin: 'administrator', support: 'support agent' } as const;

/**
 * The actor of an entry: 'Themself' when the person the entry concerns acted, the staff member's
 * name and role otherwise, and 'Unknown' when nobody known did (a stranger's failed sign-in).
 */
export function AuditActorText(props: { actor: AuditActor | null; subjectId: string | null }) {
  const { actor, subjectId } = props;
  if (!actor) return <Text color="fg.muted">Unknown</Text>;
  if (actor.id === subjectId) return <Text color="fg.muted">Themself</Text>;
  return (
    <Stack gap="0">
      <Text>{actor.name}</Text>
      <Text color="fg.muted" fontSize="xs">
        {roleNames[actor.role]}
      </Text>
    </Stack>
  );
}

/** "by Sam Lee (support agent)" on the user page, for anyone other than the user themself. */
export function actedByText(actor: AuditActor | null, subjectId: string): string | null {
  if (!actor || actor.id === subjectId) return null;
  return `by ${actor.name} (${roleNames[actor.role]})`;
}

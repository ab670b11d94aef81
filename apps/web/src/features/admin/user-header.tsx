import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { humanize } from '../../lib/format.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { useUserActions } from './user-actions.ts';
import type { UserDetail } from './user-detail-sections.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

/** The user's name, role and state, with Block (or Unblock) and Delete beside them. */
export function UserHeader({ user }: { user: UserDetail['user'] }) {
  const actions = useUserActions();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Stack gap="1" flex="1" minW="48">
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="2xl">
            {`${user.firstName} ${user.lastName}`}
          </Heading>
          <UserStatusBadge status={user.status} />
          <Badge variant="outline">{humanize(user.role)}</Badge>
        </HStack>
        <Text color="fg.muted">{user.email}</Text>
      </Stack>
      <HStack gap="2">
        <Button
          variant="outline"
          colorPalette={user.isBlocked ? 'green' : 'orange'}
          loading={actions.blockingId === user.id}
          onClick={() => void actions.setBlocked(user.id, !user.isBlocked)}
        >
          {user.isBlocked ? 'Unblock' : 'Block'}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setDeleting(user.id)}>
          Delete
        </Button>
      </HStack>
      <DeleteUserDialog
        userId={deleting}
        actions={actions}
        onDone={(deleted) => {
          setDeleting(null);
          if (deleted) void navigate({ to: '/admin/users' });
        }}
      />
    </Flex>
  );
}

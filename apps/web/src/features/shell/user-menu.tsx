import { Avatar, Box, Button, Menu, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuChevronDown, LuLogOut, LuSettings, LuUser } from 'react-icons/lu';
import { initials } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';

/** SPEC.md 2.2: avatar or initials, full name and e-mail; Profile, Settings (admin), Sign out. */
export function UserMenu() {
  const user = useCurrentUser();
  const { signOut } = useSignOut();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="2" gap="2" aria-label={`Account menu for ${fullName}`}>
          <Avatar.Root size="sm" colorPalette="brand">
            {user.avatar ? <Avatar.Image src={user.avatar} alt="" /> : null}
            <Avatar.Fallback>{initials(user.firstName, user.lastName)}</Avatar.Fallback>
          </Avatar.Root>
          <Box display={{ base: 'none', md: 'block' }} textAlign="start" lineHeight="short">
            <Text fontSize="sm" fontWeight="medium">
              {fullName}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {user.email}
            </Text>
          </Box>
          <LuChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      {/* Rendered in place (no portal) so the open menu stays inside the header landmark. */}
      <Menu.Positioner>
        <Menu.Content minW="60">
          <Box px="2" py="1.5">
            <Text fontSize="sm" fontWeight="semibold">
              {fullName}
            </Text>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
              {user.email}
            </Text>
          </Box>
          <Menu.Separator />
          <Menu.Item value="profile" asChild>
            <Link to="/profile">
              <LuUser aria-hidden="true" />
              Profile
            </Link>
          </Menu.Item>
          {user.role === 'admin' ? (
            <Menu.Item value="settings" asChild>
              <Link to="/admin/settings">
                <LuSettings aria-hidden="true" />
                Settings
              </Link>
            </Menu.Item>
          ) : null}
          <Menu.Item value="sign-out" onSelect={() => void signOut()}>
            <LuLogOut aria-hidden="true" />
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

import { Box, Menu, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuLogOut, LuSettings, LuUser } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { AccountButton } from './account-button.tsx';

/**
 * docs/product.md 2.2: avatar or initials, full name and e-mail; Profile, Settings (admin), Sign
 * out. Loaded apart from the layout (deferred-user-menu.tsx): the menu machine and its positioning
 * are a fifth of a signed-in page's own JavaScript.
 */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const user = useCurrentUser();
  const { signOut } = useSignOut();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <AccountButton />
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

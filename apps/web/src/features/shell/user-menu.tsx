import { Box, Menu, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuLogOut, LuSettings, LuUser } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { AccountButton } from './account-button.tsx';

/** A menu entry that is a link to another page. */
function MenuLink(props: { value: string; to: LinkProps['to']; icon: IconType; label: string }) {
  const Icon = props.icon;
  return (
    <Menu.Item value={props.value} asChild>
      <Link to={props.to}>
        <Icon aria-hidden="true" />
        {props.label}
      </Link>
    </Menu.Item>
  );
}

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
          <MenuLink value="profile" to="/profile" icon={LuUser} label="Profile" />
          {user.role === 'admin' ? (
            <MenuLink value="settings" to="/admin/settings" icon={LuSettings} label="Settings" />
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

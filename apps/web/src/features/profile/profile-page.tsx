import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { LuBell, LuKeyRound, LuShield, LuUser } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/session.ts';
import { NotificationsForm } from './notifications-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecurityForm } from './security-form.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/** SPEC.md 2.10: account settings in four tabs, Profile first. */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Account Settings
        </Heading>
        <Text color="fg.muted">Manage your personal details, security and notifications.</Text>
      </Stack>
      <Tabs.Root defaultValue="profile" variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="profile" flexShrink="0" whiteSpace="nowrap">
            <LuUser aria-hidden="true" />
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="security" flexShrink="0" whiteSpace="nowrap">
            <LuKeyRound aria-hidden="true" />
            Security
          </Tabs.Trigger>
          <Tabs.Trigger value="two-factor" flexShrink="0" whiteSpace="nowrap">
            <LuShield aria-hidden="true" />
            Two-Factor Auth
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" flexShrink="0" whiteSpace="nowrap">
            <LuBell aria-hidden="true" />
            Notifications
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" pt="6">
          <ProfileForm user={user} />
        </Tabs.Content>
        <Tabs.Content value="security" pt="6">
          <SecurityForm />
        </Tabs.Content>
        <Tabs.Content value="two-factor" pt="6">
          <TwoFactorSettings user={user} />
        </Tabs.Content>
        <Tabs.Content value="notifications" pt="6">
          <NotificationsForm user={user} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

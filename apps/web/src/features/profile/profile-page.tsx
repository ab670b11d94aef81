import { Stack, Tabs } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuBell, LuKeyRound, LuPlug, LuShield, LuUser } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { ProfileForm } from './profile-form.tsx';

// The tabs mount on first selection (lazyMount), so their code loads then too; pointing at or
// focusing a tab starts the load early.
const loadSecurityForm = () => import('./security-form.tsx');
const loadTwoFactorSettings = () => import('./two-factor-settings.tsx');
const loadNotificationsForm = () => import('./notifications-form.tsx');
const loadConnectedApps = () => import('./connected-apps.tsx');
const SecurityForm = lazy(() =>
  loadSecurityForm().then((module) => ({ default: module.SecurityForm })),
);
const StaffActivity = lazy(() =>
  loadSecurityForm().then((module) => ({ default: module.StaffActivity })),
);
const TwoFactorSettings = lazy(() =>
  loadTwoFactorSettings().then((module) => ({ default: module.TwoFactorSettings })),
);
const NotificationsForm = lazy(() =>
  loadNotificationsForm().then((module) => ({ default: module.NotificationsForm })),
);

const ConnectedApps = lazy(() =>
  loadConnectedApps().then((module) => ({ default: module.ConnectedApps })),
);

const preload = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
});

/** docs/product.md 2.10: account settings in tabs, Profile first (customers: Connected apps too). */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="6">
      <PageTitle title="Account Settings">
        Manage your personal details, security and notifications.
      </PageTitle>
      <Tabs.Root defaultValue="profile" variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="profile" flexShrink="0" whiteSpace="nowrap">
            <LuUser aria-hidden="true" />
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger
            value="security"
            flexShrink="0"
            whiteSpace="nowrap"
            {...preload(loadSecurityForm)}
          >
            <LuKeyRound aria-hidden="true" />
            Security
          </Tabs.Trigger>
          <Tabs.Trigger
            value="two-factor"
            flexShrink="0"
            whiteSpace="nowrap"
            {...preload(loadTwoFactorSettings)}
          >
            <LuShield aria-hidden="true" />
            Two-Factor Auth
          </Tabs.Trigger>
          <Tabs.Trigger
            value="notifications"
            flexShrink="0"
            whiteSpace="nowrap"
            {...preload(loadNotificationsForm)}
          >
            <LuBell aria-hidden="true" />
            Notifications
          </Tabs.Trigger>
          {user.role === 'user' ? (
            <Tabs.Trigger
              value="connected-apps"
              flexShrink="0"
              whiteSpace="nowrap"
              {...preload(loadConnectedApps)}
            >
              <LuPlug aria-hidden="true" />
              Connected apps
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="profile" pt="6">
          <ProfileForm user={user} />
        </Tabs.Content>
        <Tabs.Content value="security" pt="6">
          <Suspense fallback={null}>
            <Stack gap="10">
              <SecurityForm />
              <StaffActivity />
            </Stack>
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="two-factor" pt="6">
          <Suspense fallback={null}>
            <TwoFactorSettings user={user} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="notifications" pt="6">
          <Suspense fallback={null}>
            <NotificationsForm user={user} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="connected-apps" pt="6">
          <Suspense fallback={null}>
            <ConnectedApps />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

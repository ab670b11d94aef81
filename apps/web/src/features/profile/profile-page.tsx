import { Stack, Tabs } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import type { IconType } from 'react-icons';
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

/** A tab's trigger: its icon and label; pointing at or focusing it starts loading its code. */
function SettingsTab(props: {
  value: string;
  icon: IconType;
  label: string;
  load?: () => Promise<unknown>;
}) {
  const { load, icon: Icon } = props;
  return (
    <Tabs.Trigger
      value={props.value}
      flexShrink="0"
      whiteSpace="nowrap"
      onPointerEnter={load ? () => void load() : undefined}
      onFocus={load ? () => void load() : undefined}
    >
      <Icon aria-hidden="true" />
      {props.label}
    </Tabs.Trigger>
  );
}

/** A lazily loaded tab's panel: empty until its code has come. */
function LazyPanel(props: { value: string; children: ReactNode }) {
  return (
    <Tabs.Content value={props.value} pt="6">
      <Suspense fallback={null}>{props.children}</Suspense>
    </Tabs.Content>
  );
}

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
          <SettingsTab value="profile" icon={LuUser} label="Profile" />
          <SettingsTab
            value="security"
            icon={LuKeyRound}
            label="Security"
            load={loadSecurityForm}
          />
          <SettingsTab
            value="two-factor"
            icon={LuShield}
            label="Two-Factor Auth"
            load={loadTwoFactorSettings}
          />
          <SettingsTab
            value="notifications"
            icon={LuBell}
            label="Notifications"
            load={loadNotificationsForm}
          />
          {user.role === 'user' ? (
            <SettingsTab
              value="connected-apps"
              icon={LuPlug}
              label="Connected apps"
              load={loadConnectedApps}
            />
          ) : null}
        </Tabs.List>
        <Tabs.Content value="profile" pt="6">
          <ProfileForm user={user} />
        </Tabs.Content>
        <LazyPanel value="security">
          <Stack gap="10">
            <SecurityForm />
            <StaffActivity />
          </Stack>
        </LazyPanel>
        <LazyPanel value="two-factor">
          <TwoFactorSettings user={user} />
        </LazyPanel>
        <LazyPanel value="notifications">
          <NotificationsForm user={user} />
        </LazyPanel>
        <LazyPanel value="connected-apps">
          <ConnectedApps />
        </LazyPanel>
      </Tabs.Root>
    </Stack>
  );
}

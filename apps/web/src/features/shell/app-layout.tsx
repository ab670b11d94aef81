import { Link as ChakraLink, IconButton } from '@chakra-ui/react';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { ColorModeButton } from '../../components/color-mode.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { Logo } from '../../components/logo.tsx';
import { useSession } from '../../lib/session.ts';
import { MaintenanceBanner } from '../maintenance/maintenance-banner.tsx';
import { MaintenanceNotice } from '../maintenance/maintenance-notice.tsx';
import { useMaintenance } from '../maintenance/use-maintenance.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { RealtimeListener } from '../realtime/realtime-listener.tsx';
import { AppFrame } from './app-frame.tsx';
import { DeferredUserMenu } from './deferred-user-menu.tsx';
import { Sidebar } from './sidebar.tsx';

// Only phones open it, and only when asked: its dialog machine loads with the first request.
const NavDrawer = lazy(() =>
  import('./nav-drawer.tsx').then((module) => ({ default: module.NavDrawer })),
);

/** The signed-in layout: the frame with the person's navigation, notifications and account. */
export function AppLayout() {
  const { user } = useSession();
  const [navOpen, setNavOpen] = useState(false);
  const [navWanted, setNavWanted] = useState(false);
  const maintenance = useMaintenance();
  // Signing out clears the user a moment before the router leaves this layout.
  if (!user) return <FullPageSpinner />;
  return (
    <>
      <AppFrame
        headerStart={
          <IconButton
            variant="ghost"
            aria-label="Open navigation menu"
            hideFrom="lg"
            onPointerEnter={() => setNavWanted(true)}
            onClick={() => {
              setNavWanted(true);
              setNavOpen(true);
            }}
          >
            <LuMenu />
          </IconButton>
        }
        logo={
          <ChakraLink asChild color="fg" _hover={{ textDecoration: 'none' }}>
            <Link to="/">
              <Logo compact />
            </Link>
          </ChakraLink>
        }
        headerEnd={
          <>
            <NotificationBell />
            <ColorModeButton />
            <DeferredUserMenu />
          </>
        }
        sidebar={<Sidebar />}
      >
        {/* docs/product.md 6: maintenance leaves access only to administrators. */}
        {maintenance && user.role !== 'admin' ? (
          <MaintenanceNotice />
        ) : (
          <>
            {maintenance ? <MaintenanceBanner /> : null}
            <Outlet />
          </>
        )}
      </AppFrame>
      {navWanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={navOpen} onOpenChange={setNavOpen} />
        </Suspense>
      ) : null}
      <RealtimeListener />
    </>
  );
}

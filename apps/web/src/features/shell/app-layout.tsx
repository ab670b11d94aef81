import { Box, Link as ChakraLink, Flex, IconButton, Spacer } from '@chakra-ui/react';
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
import { DeferredUserMenu } from './deferred-user-menu.tsx';
import { SIDEBAR_WIDTH } from './layout-size.ts';
import { Sidebar } from './sidebar.tsx';

// Only phones open it, and only when asked: its dialog machine loads with the first request.
const NavDrawer = lazy(() =>
  import('./nav-drawer.tsx').then((module) => ({ default: module.NavDrawer })),
);

function SkipLink() {
  return (
    <ChakraLink
      href="#main-content"
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipLink"
      bg="bg"
      px="3"
      py="2"
      borderRadius="l2"
      _focus={{ top: '2' }}
    >
      Skip to main content
    </ChakraLink>
  );
}

/** docs/product.md 2.2: top bar, 280 px sidebar (a slide-over on small screens), and the page. */
export function AppLayout() {
  const { user } = useSession();
  const [navOpen, setNavOpen] = useState(false);
  const [navWanted, setNavWanted] = useState(false);
  const maintenance = useMaintenance();
  // Signing out clears the user a moment before the router leaves this layout.
  if (!user) return <FullPageSpinner />;
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Flex
        as="header"
        h="16"
        px={{ base: '2', md: '4' }}
        gap="1"
        align="center"
        borderBottomWidth="1px"
        bg="bg"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
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
        <ChakraLink asChild color="fg" _hover={{ textDecoration: 'none' }}>
          <Link to="/">
            <Logo compact />
          </Link>
        </ChakraLink>
        <Spacer />
        <NotificationBell />
        <ColorModeButton />
        <DeferredUserMenu />
      </Flex>
      <Flex flex="1" minH="0">
        {/* The aside spans the row's full height (its background reaches the window's bottom
            however long the page); the navigation inside it stays in view while scrolling. */}
        <Box
          as="aside"
          hideBelow="lg"
          w={SIDEBAR_WIDTH}
          flexShrink="0"
          borderEndWidth="1px"
          bg="bg.subtle"
        >
          <Box position="sticky" top="16" h="calc(100dvh - 4rem)">
            <Sidebar />
          </Box>
        </Box>
        <Box
          as="main"
          id="main-content"
          tabIndex={-1}
          flex="1"
          minW="0"
          px={{ base: '4', md: '8' }}
          py={{ base: '6', md: '8' }}
          _focus={{ outline: 'none' }}
        >
          <Box maxW="6xl" mx="auto">
            {/* docs/product.md 6: maintenance leaves access only to administrators. */}
            {maintenance && user.role !== 'admin' ? (
              <MaintenanceNotice />
            ) : (
              <>
                {maintenance ? <MaintenanceBanner /> : null}
                <Outlet />
              </>
            )}
          </Box>
        </Box>
      </Flex>
      {navWanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={navOpen} onOpenChange={setNavOpen} />
        </Suspense>
      ) : null}
      <RealtimeListener />
    </Flex>
  );
}

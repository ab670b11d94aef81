import { Box } from '@chakra-ui/react';
import { ColorModeButton } from '../../components/color-mode.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { Logo } from '../../components/logo.tsx';
import { AppFrame } from './app-frame.tsx';

/**
 * The signed-in layout's frame with a spinner where the page goes, knowing nobody: the build
 * prerenders it for every signed-in page (scripts/prerender.mjs), so a first visit paints the
 * frame before any script runs, and main.tsx hydrates it while the session and the page load.
 * What needs the person (navigation, notifications, account) comes with the page.
 */
export function AppShell() {
  return (
    <AppFrame
      headerStart={<Box boxSize="10" hideFrom="lg" />}
      logo={<Logo compact />}
      headerEnd={<ColorModeButton />}
      sidebar={null}
    >
      <FullPageSpinner />
    </AppFrame>
  );
}

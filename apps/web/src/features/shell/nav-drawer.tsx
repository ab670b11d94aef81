import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Logo } from '../../components/logo.tsx';
import { SIDEBAR_WIDTH } from './layout-size.ts';
import { Sidebar } from './sidebar.tsx';

/** The sidebar as a slide-over on small screens (docs/product.md 2.2). Loaded apart from the layout. */
export function NavDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={SIDEBAR_WIDTH}>
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title asChild>
                <div>
                  <Logo />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation menu" />
            </Drawer.CloseTrigger>
            <Drawer.Body p="0">
              <Sidebar onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

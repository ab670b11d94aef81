import { lazy, Suspense, useState } from 'react';
import { useIdle } from '../../lib/idle.ts';
import { AccountButton } from './account-button.tsx';

const loadUserMenu = () => import('./user-menu.tsx');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/**
 * The account menu, loaded when the page is first idle. Until then the same button stands in:
 * pointing at it or focusing it fetches the menu's code, and a click opens the menu once loaded.
 */
export function DeferredUserMenu() {
  const { idle, now } = useIdle();
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const standIn = (
    <AccountButton
      aria-haspopup="menu"
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => {
        setOpenWhenLoaded(true);
        now();
      }}
    />
  );
  if (!idle) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}

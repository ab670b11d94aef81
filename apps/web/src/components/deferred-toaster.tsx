import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterWanted } from '../lib/toaster.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

/** The notification area, mounted once the first notification asks for the toaster. */
export function DeferredToaster() {
  // Drawn at build time and hydrated without it: a notification comes after the first render.
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

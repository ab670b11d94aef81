import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the page has had an idle moment since it mounted (or `now()` was called): parts of the
 * screen nobody needs at first sight (the account menu, the phone's navigation drawer) load
 * then, after the page's own code and data, instead of with them (the page-speed review).
 */
export function useIdle(): { idle: boolean; now: () => void } {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(done, 1000);
    return () => window.clearTimeout(timer);
  }, [idle]);
  const now = useCallback(() => setIdle(true), []);
  return { idle, now };
}

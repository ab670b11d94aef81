import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from './toast-duration.ts';

/**
 * One toaster for the whole app: top right, five seconds (docs/product.md 2.2 and 9). Loaded with
 * the first notification (lib/toaster.ts), so its machine is not part of every page's first load.
 * Below the top bar (4rem high), so a toast never covers the account menu.
 */
export const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: '4.75rem', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 5,
});

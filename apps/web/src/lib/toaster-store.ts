import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from './toast-duration.ts';

/**
 * One toaster for the whole app: top right, five seconds (SPEC.md 2.2 and 9). Loaded with the
 * first notification (lib/toaster.ts), so its machine is not part of every page's first load.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 5,
});

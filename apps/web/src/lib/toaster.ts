import { createToaster } from '@chakra-ui/react';

export const TOAST_DURATION_MS = 5000;

/** One toaster for the whole app: top right, five seconds (SPEC.md 2.2 and 9). */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  max: 5,
});

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  type: NotificationType;
  message: string;
  title?: string;
  /** Milliseconds; 0 keeps the notification until it is closed (SPEC.md 3). */
  duration?: number;
  action?: { label: string; onClick: () => void };
  id?: string;
}

/** Shows a notification as SPEC.md 3 describes it (title optional, 0 = persistent). */
export function notify({ type, message, title, duration, action, id }: Notification): string {
  const ms = duration ?? TOAST_DURATION_MS;
  return toaster.create({
    // The same notice is never shown twice at once: a repeat replaces (and restarts) it.
    id: id ?? `${type}:${title ?? ''}:${message}`,
    type,
    title: title ?? message,
    description: title ? message : undefined,
    duration: ms === 0 ? Number.POSITIVE_INFINITY : ms,
    closable: true,
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  });
}

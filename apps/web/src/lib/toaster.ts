import { TOAST_DURATION_MS } from './toast-duration.ts';

type ToasterStore = typeof import('./toaster-store.ts')['toaster'];

let store: Promise<ToasterStore> | undefined;
const listeners = new Set<() => void>();

/**
 * The toaster's code (its store and the component that shows it) loads with the first
 * notification, not with every page (the page-speed review: the entry's weight). Until then nothing
 * shows.
 */
export function loadToaster(): Promise<ToasterStore> {
  if (!store) {
    store = import('./toaster-store.ts').then((module) => module.toaster);
    for (const listener of listeners) listener();
  }
  return store;
}

/** For the component that shows toasts: whether one was asked for yet (useSyncExternalStore). */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => store !== undefined,
};

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  type: NotificationType;
  message: string;
  title?: string;
  /** Milliseconds; 0 keeps the notification until it is closed (docs/product.md 3). */
  duration?: number;
  action?: { label: string; onClick: () => void };
  id?: string;
}

/** Shows a notification as docs/product.md 3 describes it (title optional, 0 = persistent). */
export function notify({ type, message, title, duration, action, id }: Notification): string {
  const ms = duration ?? TOAST_DURATION_MS;
  // The same notice is never shown twice at once: a repeat replaces (and restarts) it.
  const toastId = id ?? `${type}:${title ?? ''}:${message}`;
  void loadToaster().then((toaster) =>
    toaster.create({
      id: toastId,
      type,
      title: title ?? message,
      description: title ? message : undefined,
      duration: ms === 0 ? Number.POSITIVE_INFINITY : ms,
      closable: true,
      action: action ? { label: action.label, onClick: action.onClick } : undefined,
    }),
  );
  return toastId;
}

/** docs/product.md 7 and 9: give up after 5 failed connection attempts. */
export const MAX_CONNECTION_ATTEMPTS = 5;

export interface ConnectionMonitor {
  onOpen(): void;
  onClose(): void;
  readonly failures: number;
}

/**
 * Counts consecutive connection attempts that closed without ever opening. A connection that
 * opened and later dropped is not a failed attempt; the reconnects after it may be.
 * `onReconnect` runs on every open but the first: events may have been missed in between.
 */
export function createConnectionMonitor(opts: {
  maxAttempts?: number;
  onGiveUp: () => void;
  onReconnect?: () => void;
}): ConnectionMonitor {
  const maxAttempts = opts.maxAttempts ?? MAX_CONNECTION_ATTEMPTS;
  let failures = 0;
  let openedSinceLastClose = false;
  let openedBefore = false;
  let gaveUp = false;
  return {
    onOpen() {
      failures = 0;
      openedSinceLastClose = true;
      if (openedBefore) opts.onReconnect?.();
      openedBefore = true;
    },
    onClose() {
      if (!openedSinceLastClose) failures += 1;
      openedSinceLastClose = false;
      if (failures >= maxAttempts && !gaveUp) {
        gaveUp = true;
        opts.onGiveUp();
      }
    },
    get failures() {
      return failures;
    },
  };
}

/** docs/product.md 9: a notification shows for five seconds unless it says otherwise. */
export const TOAST_DURATION_MS = 5000;

/** docs/product.md 2.1: register /service-worker.js on load; the outcome is only logged. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        console.info('Service worker registered', registration.scope);
      })
      .catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
      });
  });
}

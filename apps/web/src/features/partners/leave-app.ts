/**
 * Leaves the SPA for a page the server answers (the OAuth provider, which sends the browser on
 * to the app). Its own module, so component tests can see where the page went.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

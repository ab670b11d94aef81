import type { Page } from '@playwright/test';

/** A tRPC call from inside the page, so the session cookie and same-origin headers go too. */
export async function call(page: Page, path: string, input: unknown, method: 'GET' | 'POST') {
  return page.evaluate(
    async ({ path, input, method }) => {
      const url =
        method === 'GET'
          ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
          : `/trpc/${path}`;
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const body: { result: { data: unknown } } = await response.json();
      return body.result.data;
    },
    { path, input, method },
  );
}

/** A field of an answer read without trusting its shape. */
export function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return found;
}

export async function userIdOf(admin: Page, email: string) {
  const found = await call(admin, 'admin.users', { searchQuery: email }, 'GET');
  const data = field(found, 'data');
  return Array.isArray(data) ? String(field(data[0], 'id')) : '';
}

/**
 * Gives a customer a staff role. The bank's setting puts admin grants under four eyes once a
 * second administrator exists; the journey switches it off for the appointment and back after.
 */
export async function appoint(admin: Page, email: string, role: 'admin' | 'support') {
  const id = await userIdOf(admin, email);
  const settings = await call(admin, 'settings.get', undefined, 'GET');
  const fourEyes = field(settings, 'fourEyes');
  const withGrant = (adminGrant: boolean) => ({
    ...(typeof settings === 'object' ? settings : {}),
    fourEyes: { ...(typeof fourEyes === 'object' ? fourEyes : {}), adminGrant },
  });
  await call(admin, 'settings.update', withGrant(false), 'POST');
  await call(admin, 'admin.updateUser', { id, role }, 'POST');
  await call(admin, 'settings.update', withGrant(true), 'POST');
}

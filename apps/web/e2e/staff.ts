import type { Page } from '@playwright/test';
import { call, field } from './page-trpc.ts';

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

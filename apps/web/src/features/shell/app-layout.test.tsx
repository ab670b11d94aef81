import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession, makeUser, signedInAs } from '../../testing/fixtures.ts';
import { mockMoneyDefaults } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

beforeEach(mockMoneyDefaults);
// The menu's module is compiled once up front: on a loaded machine its first transform alone
// outlasted the wait for the menu. The component still loads it lazily, after the click.
beforeAll(() => import('./user-menu.tsx'), 60_000);

describe('the signed-in layout', () => {
  it('opens the account menu from its stand-in on the first click, before the menu has loaded', async () => {
    // No idle moment comes by itself: on a loaded machine one came between finding the stand-in
    // and clicking it, and the click fell on a button already replaced.
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const { user, unmount } = renderApp('/', { session: adminSession });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const standIn = screen.getByRole('button', { name: /^Account menu for Ada Lovelace / });
    // The stand-in: the menu's own trigger says whether it is expanded.
    expect(standIn).not.toHaveAttribute('aria-expanded');
    await user.click(standIn);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
  });

  it('loads the account menu when the page is idle, closed', async () => {
    const { user } = renderApp('/', { session: signedInAs(makeUser()) });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    // The menu's own trigger has replaced the stand-in: it says what it controls.
    const trigger = await screen.findByRole('button', {
      name: /^Account menu for Ada Lovelace /,
      expanded: false,
    });
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Settings' })).toBeNull();
  });

  it('opens the navigation drawer on a phone’s first tap, and closes it', async () => {
    const { user } = renderApp('/', { session: signedInAs(makeUser()) });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const close = await screen.findByRole('button', { name: 'Close navigation menu' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(close);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });
});

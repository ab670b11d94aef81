import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession, makeUser, signedInAs } from '../../testing/fixtures.ts';
import { mockMoneyDefaults } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

function mainNavigation() {
  // The desktop sidebar; the slide-over copy exists only while it is open.
  return screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0];
}

// The pages behind the links ask for balances and lists.
beforeEach(mockMoneyDefaults);

describe('sidebar', () => {
  it('shows the user menu but no admin group to a customer', async () => {
    renderApp('/', { session: signedInAs(makeUser()) });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const nav = mainNavigation();
    if (!nav) throw new Error('no navigation');
    for (const label of ['Dashboard', 'Cards', 'My Banks']) {
      expect(within(nav).getByRole('link', { name: label, hidden: true })).toBeInTheDocument();
    }
    expect(within(nav).queryByText('User Management')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Admin Dashboard')).not.toBeInTheDocument();
    expect(within(nav).getByText('Customer', { exact: true })).toBeInTheDocument();
  });

  it('shows the admin group to administrators', async () => {
    renderApp('/', { session: adminSession });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const nav = mainNavigation();
    if (!nav) throw new Error('no navigation');
    for (const label of [
      'Admin Dashboard',
      'User Management',
      'Transaction Monitoring',
      'Loan Management',
      'All Banks',
      'Apps',
      'Support Management',
      'Settings',
    ]) {
      expect(within(nav).getByRole('link', { name: label, hidden: true })).toBeInTheDocument();
    }
    expect(within(nav).getByText('Administrator', { exact: true })).toBeInTheDocument();
  });

  it('opens the group that contains the current page and collapses on request', async () => {
    const { user } = renderApp('/transfer', { session: signedInAs(makeUser()) });
    await screen.findByRole('heading', { name: 'Transfer Money' });
    const nav = mainNavigation();
    if (!nav) throw new Error('no navigation');
    const transfer = within(nav).getByRole('link', { name: 'Transfer Money', hidden: true });
    expect(transfer).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Apply for Loan', hidden: true })).toBeNull();
    const loans = within(nav).getByRole('button', { name: 'Loans', hidden: true });
    expect(loans).toHaveAttribute('aria-expanded', 'false');
    await user.click(loans);
    expect(
      within(nav).getByRole('link', { name: 'Apply for Loan', hidden: true }),
    ).toBeInTheDocument();
    await user.click(
      within(nav).getByRole('button', { name: 'Collapse Transactions', hidden: true }),
    );
    expect(within(nav).queryByRole('link', { name: 'Transfer Money', hidden: true })).toBeNull();
  });

  it('keeps customers out of admin pages', async () => {
    const { router } = renderApp('/admin/users', { session: signedInAs(makeUser()) });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    expect(router.state.location.pathname).toBe('/');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { failing, mockProcedures } from '../../testing/trpc-msw.ts';

const stats = {
  totalUsers: 1234,
  openTickets: 7,
  securityAlerts: 3,
  totalTransactions: 56789,
  activeLoans: 12,
  monthlyRevenue: 4321.5,
};

describe('admin dashboard', () => {
  it('shows the six figures, a tile to every admin screen and the recent activity', async () => {
    mockProcedures({
      'oversight.stats': () => stats,
      'oversight.recentActivity': () => [
        {
          id: 'a1',
          type: 'user',
          event: 'user.blocked',
          description: 'User blocked: mallory@example.com',
          timestamp: '2026-03-07T10:00:00.000Z',
        },
        {
          id: 'a2',
          type: 'transaction',
          event: 'loan.status_changed',
          description: 'Loan status changed: grace@example.com',
          timestamp: '2026-03-07T09:00:00.000Z',
        },
      ],
    });
    renderApp('/admin', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    const figures: Array<[string, string]> = [
      ['Total Users', '1,234'],
      ['Open Tickets', '7'],
      ['Security Alerts', '3'],
      ['Total Transactions', '56,789'],
      ['Active Loans', '12'],
      ['Monthly Revenue', '$4,321.50'],
    ];
    for (const [label, value] of figures) {
      const card = (await screen.findByText(label)).closest('.chakra-card__root');
      if (!(card instanceof HTMLElement)) throw new Error(`no card for ${label}`);
      expect(await within(card).findByText(value)).toBeInTheDocument();
    }

    const tiles = screen.getByRole('navigation', { name: 'Administration' });
    const links = within(tiles)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['User Management', '/admin/users'],
      ['Transaction Monitoring', '/admin/transactions'],
      ['Loan Management', '/admin/loans'],
      ['Support Management', '/admin/support'],
      ['All Banks', '/admin/banks'],
      ['Settings', '/admin/settings'],
      ['Analytics', '/admin/analytics'],
      ['Security', '/admin/security'],
    ]);

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getByText('User blocked: mallory@example.com')).toBeInTheDocument();
    expect(
      within(activity).getByText('Loan status changed: grace@example.com'),
    ).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: 'View the full log' })).toHaveAttribute(
      'href',
      '/admin/security',
    );
  });

  it('says No recent activity when the audit log is empty', async () => {
    mockProcedures({ 'oversight.stats': () => stats, 'oversight.recentActivity': () => [] });
    renderApp('/admin', { session: adminSession });
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
  });

  it('shows load errors in red boxes', async () => {
    mockProcedures({
      'oversight.stats': failing('BAD_REQUEST', ''),
      'oversight.recentActivity': failing('FORBIDDEN', 'You do not have access to this'),
    });
    renderApp('/admin', { session: adminSession });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Failed to fetch stats',
        'You do not have access to this',
      ]),
    );
  });
});

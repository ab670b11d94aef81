import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { mockProcedure, TrpcMockError } from '../../testing/trpc-msw.ts';

const admin = signedInAs(makeUser({ role: 'admin' }));

describe('admin all banks', () => {
  it('lists every linked bank with its owner', async () => {
    mockProcedure('banks.all', () => ({
      data: [
        {
          id: 'b1',
          name: 'First Savings',
          maskedAccountNumber: '****6789',
          routingNumber: '021000021',
          accountType: 'savings',
          user: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
          createdAt: '2026-03-07T10:00:00.000Z',
        },
      ],
    }));
    renderApp('/admin/banks', { session: admin });
    expect(await screen.findByRole('heading', { name: 'All Banks' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Linked banks' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    for (const text of [
      'First Savings',
      '****6789',
      '021000021',
      'Savings',
      'Grace Hopper',
      'grace@example.com',
      'Mar 7, 2026',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('says No banks found when none are linked', async () => {
    mockProcedure('banks.all', () => ({ data: [] }));
    renderApp('/admin/banks', { session: admin });
    expect(await screen.findByText('No banks found')).toBeInTheDocument();
  });

  it('shows Error loading banks in a red box', async () => {
    mockProcedure('banks.all', () => {
      throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom');
    });
    renderApp('/admin/banks', { session: admin });
    // A 5xx is retried once before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error loading banks');
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});

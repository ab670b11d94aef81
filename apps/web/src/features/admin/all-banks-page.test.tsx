import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { failing, mockProcedure } from '../../testing/trpc-msw.ts';

const onePage = { page: 1, limit: 10, total: 1, hasMore: false };

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
      ...onePage,
    }));
    renderApp('/admin/banks', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'All Banks' })).toBeInTheDocument();
    const [row] = await findBodyRows('Linked banks', 1);
    expectTextsIn(row, [
      'First Savings',
      '****6789',
      '021000021',
      'Savings',
      'Grace Hopper',
      'grace@example.com',
      'Mar 7, 2026',
    ]);
  });

  it('searches on Enter and pages on the server, the search kept in the URL', async () => {
    const asked: { searchQuery?: string; page: number }[] = [];
    mockProcedure('banks.all', (input) => {
      // The page is coerced on the server, so its input type is open.
      const page = typeof input.page === 'number' ? input.page : 1;
      asked.push({ searchQuery: input.searchQuery, page });
      return {
        data: [
          {
            id: `b${page}`,
            name: `Bank on page ${page}`,
            maskedAccountNumber: '****6789',
            routingNumber: '021000021',
            accountType: 'checking',
            user: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
            createdAt: '2026-03-07T10:00:00.000Z',
          },
        ],
        page,
        limit: 10,
        total: 11,
        hasMore: page === 1,
      };
    });
    const { user } = renderApp('/admin/banks', { session: adminSession });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'grace{Enter}');
    expect(await screen.findByText('Bank on page 1')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /next/i }));
    expect(await screen.findByText('Bank on page 2')).toBeInTheDocument();
    expect(asked).toContainEqual({ searchQuery: 'grace', page: 2 });
  });

  it('says No banks found when none are linked', async () => {
    mockProcedure('banks.all', () => ({ data: [], ...onePage, total: 0 }));
    renderApp('/admin/banks', { session: adminSession });
    expect(await screen.findByText('No banks found')).toBeInTheDocument();
  });

  it('shows Error loading banks in a red box', async () => {
    mockProcedure('banks.all', failing('INTERNAL_SERVER_ERROR', 'boom'));
    renderApp('/admin/banks', { session: adminSession });
    // A 5xx is retried once before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error loading banks');
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});

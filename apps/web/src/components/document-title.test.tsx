import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, pageTitles } from '../lib/page-titles.ts';
import { signedInAs } from '../testing/fixtures.ts';
import { makeBalance, transactionPage } from '../testing/money-fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { mockProcedures } from '../testing/trpc-msw.ts';

// From the footprint and page-speed review: every page had the title "Horizon Bank".
describe('the document title', () => {
  it('names the page shown, and changes with it', async () => {
    mockProcedures({
      'transactions.balance': () => makeBalance({ balance: 10 }),
      'transactions.list': () => transactionPage([]),
      'payees.list': () => ({ data: [] }),
      'transactions.recentRecipients': () => [],
    });
    const { router } = renderApp('/transactions', { session: signedInAs() });
    await waitFor(() => expect(document.title).toBe('Transactions · Horizon Bank'));
    await router.navigate({ to: '/transfer' });
    await waitFor(() => expect(document.title).toBe('Transfer Money · Horizon Bank'));
  });

  it('says so on the not-found page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · Horizon Bank'));
  });

  it('has a title for every route', () => {
    const { router } = renderApp('/login');
    const missing = Object.values(router.routesById)
      .map((route) => route.fullPath)
      .filter((path) => !/^\/?$/.test(path) || path === '/')
      .filter((path) => pageTitle(path) === 'Horizon Bank');
    expect(missing).toEqual([]);
    expect(pageTitle('/loans/')).toBe(`${pageTitles['/loans']} · Horizon Bank`);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo, expectPageSaying } from '../../testing/assertions.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('error pages', () => {
  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no/such/page');
    await expectPageSaying(
      'Page not found',
      'Please check the URL in the address bar and try again.',
    );
    expectLinkTo('Go back home', '/');
    expectLinkTo('Contact support', '/support');
  });

  it('shows the 404 page at /404', async () => {
    renderApp('/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the server error page with its help box', async () => {
    renderApp('/500');
    await expectPageSaying(
      'Server Error',
      "Sorry, we're experiencing technical difficulties. Please try again later.",
    );
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expectLinkTo('Go to dashboard', '/');
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
    expect(screen.getByText(/1-800/)).toBeInTheDocument();
    expectLinkTo('Submit a support ticket', '/support/create');
  });
});

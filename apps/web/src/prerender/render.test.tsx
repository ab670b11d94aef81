import { createMemoryHistory } from '@tanstack/react-router';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app/create-app.tsx';
import { hydratePage } from '../app/hydrate-page.ts';
import type { AppRouterInstance } from '../app/router.tsx';
import { signedOut } from '../lib/session.ts';
import { renderPublicPage, renderSignedInShell } from './render.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Puts build-time markup in #root as the served page has it; returns the container. */
function serve(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root');
  return container;
}

/** Hydrates a public page like main.tsx; collects what React had to draw again. */
async function hydrate(
  container: HTMLElement,
  router: AppRouterInstance,
  app: React.ReactNode,
): Promise<unknown[]> {
  const redrawn: unknown[] = [];
  await act(async () => {
    hydratePage(container, router, <StrictMode>{app}</StrictMode>, (error) => redrawn.push(error));
  });
  return redrawn;
}

describe('pages drawn at build time', () => {
  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/help',
    '/privacy',
    '/terms',
  ])('%s is hydrated in place: the first render matches the markup', async (path) => {
    const page = await renderPublicPage(path);
    if (!page) throw new Error(`${path} did not render`);
    expect(page.head).toMatch(/^<link rel="preload" as="image" href="\/logo.svg"\/>/);
    expect(page.html).not.toMatch(/<script>/);
    const container = serve(page.html);
    const heading = container.querySelector('h1');
    expect(heading).not.toBeNull();
    const { App, router } = createApp({
      history: createMemoryHistory({ initialEntries: [path] }),
      realtime: false,
      embeddedAnswers: new Map([['auth.me', signedOut]]),
    });
    await router.load();
    expect(await hydrate(container, router, <App />)).toEqual([]);
    // The very element the build drew, now React's: hydrated, not replaced.
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('the signed-in shell is the frame and a spinner, hydrated in place', async () => {
    const shell = renderSignedInShell();
    const container = serve(shell.html);
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('main [role="status"]')?.textContent).toBe('Loading…');
    const spinner = container.querySelector('[role="status"]');
    const { App } = createApp({ realtime: false, embeddedAnswers: new Map() });
    const redrawn: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <App shell />
        </StrictMode>,
        {
          onRecoverableError: (error) => redrawn.push(error),
        },
      );
    });
    expect(redrawn).toEqual([]);
    expect(container.querySelector('[role="status"]')).toBe(spinner);
  });

  it('a page that sends a visitor elsewhere is not drawn', async () => {
    // The second factor's page wants a session waiting for its code: a visitor goes to sign-in.
    expect(await renderPublicPage('/2fa-verification')).toBeNull();
  });
});

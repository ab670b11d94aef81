import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createMemoryHistory, rootRouteId } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { config as zodConfig } from 'zod/v4/core';
import { createApp } from '../app/create-app.tsx';
import { pageTitle } from '../lib/page-titles.ts';
import { signedOut } from '../lib/session.ts';

// As in main.tsx: the same schemas, parsed the same way.
zodConfig({ jitless: true });

/** A page drawn at build time: its markup for #root, what goes in <head>, its title. */
export interface PrerenderedPage {
  html: string;
  /** Its styles, and the preloads of its images. */
  head: string;
  title: string;
}

/**
 * The build-time render (scripts/prerender.mjs): a page as a visitor nobody has signed in sees
 * it, with the bank's sample identity, which is what the browser's first render draws too, so
 * the SPA hydrates the markup instead of replacing it. No request reaches a server: the session
 * is answered in advance, and a page that would ask for anything else draws its spinner.
 *
 * `null` when the path is no page of its own for a visitor (the router redirected or found none).
 */
export async function renderPublicPage(path: string): Promise<PrerenderedPage | null> {
  const { App, router } = buildTimeApp(path);
  await router.load();
  const matches = router.state.matches;
  // A server-side load that redirects (a guard) commits no matches at all.
  if (
    router.state.location.pathname !== path ||
    matches.length === 0 ||
    matches.some((match) => match.status !== 'success')
  ) {
    return null;
  }
  const page = matches.findLast((match) => match.routeId !== rootRouteId);
  return { ...render(<App />), title: pageTitle(page?.fullPath ?? null) };
}

/** The signed-in frame with a spinner (features/shell/app-shell.tsx), for every signed-in page. */
export function renderSignedInShell(): PrerenderedPage {
  const { App } = buildTimeApp('/');
  return { ...render(<App shell />), title: pageTitle(null) };
}

/** The pages a visitor's first render must match: the routes under the public layout. */
export function publicPaths(): string[] {
  const { router } = buildTimeApp('/');
  return Object.values(router.routesById)
    .filter((route) => route.id.startsWith('/_public/') && !route.fullPath.includes('$'))
    .map((route) => route.fullPath);
}

/** Every path whose first render is the signed-in layout's (they get the shell). */
export function signedInPaths(): string[] {
  const { router } = buildTimeApp('/');
  return Object.values(router.routesById)
    .filter((route) => route.id.startsWith('/_auth/'))
    .map((route) => route.fullPath);
}

function buildTimeApp(path: string) {
  return createApp({
    history: createMemoryHistory({ initialEntries: [path] }),
    realtime: false,
    embeddedAnswers: new Map([['auth.me', signedOut]]),
    // Nothing answers there: a call the render would make fails at once, never waits.
    origin: 'http://127.0.0.1:9',
    buildTime: true,
  });
}

function render(app: React.ReactNode): { html: string; head: string } {
  const cache = createCache({ key: 'css' });
  // Collect each rule in the cache instead of writing <style> elements into the markup.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <StrictMode>{app}</StrictMode>
    </CacheProvider>,
  );
  // The router's scroll restoration writes an inline script for a server render, which the page's
  // CSP (script-src 'self') refuses; the SPA restores scroll itself, and its first render has no
  // such element, so the markup matches without it. Inert JSON scripts stay.
  const withoutScripts = html.replace(/<script>[\s\S]*?<\/script>/g, '');
  // React writes its image preloads first; they belong in <head>, where hydration (which starts
  // at #root's first child) never meets them, and where they start the images soonest.
  const preloads = /^(?:<link [^>]*>)*/.exec(withoutScripts)?.[0] ?? '';
  const markup = withoutScripts.slice(preloads.length);
  return { html: markup, head: preloads + styleElements(cache, markup) };
}

/**
 * The rules the markup uses, as the <style> elements emotion's browser cache adopts at start:
 * `data-emotion="css <ids>"` marks those ids as inserted (the SPA does not insert them again),
 * `css-global <id>` is found by the global style of that id. Globals (Chakra's reset, tokens and
 * keyframes) come first, as in the browser. What @emotion/server's extractCriticalToChunks does,
 * without its stream dependencies. `data-s` tells emotion they are in <head> already: it moves
 * server-drawn styles it finds without it to the end of <head> (out of the way of a hydration in
 * <body>), and a moved <style> is parsed again, ~40 KB of CSS on the start's first task.
 */
export function styleElements(cache: EmotionCache, html: string): string {
  const used = new Set([...html.matchAll(/css-([a-zA-Z0-9_-]+)/g)].map((match) => match[1]));
  const globals: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}" data-s="">${rules}</style>`);
    } else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  const regular =
    ids.length > 0
      ? `<style data-emotion="${cache.key} ${ids.join(' ')}" data-s="">${css}</style>`
      : '';
  return globals.join('') + regular;
}

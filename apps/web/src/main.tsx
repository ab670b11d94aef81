import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { keepWhatWasDone } from './app/before-hydration.ts';
import { createApp } from './app/create-app.tsx';
import { hydratePage } from './app/hydrate-page.ts';
import { registerServiceWorker } from './app/service-worker.ts';
import { startEarly } from './app/start-early.ts';
import { readEmbeddedAnswers } from './lib/embedded-answers.ts';
import { bankSystem } from './lib/theme.ts';

// zod's schemas would probe for `new Function` (a CSP violation report under our script-src
// 'self'): parse without generated code. Set before any page's schemas load.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Each stage of the start in a task of its own, so that none is a long task keeping a phone from
 * answering a tap (the page-speed review: total blocking time): evaluating the modules, wiring
 * the app, asking for the first page's data and code, building the design system (about 30 ms
 * of a desktop's CPU, four times that on a phone), then drawing the page, which React does in
 * slices. The requests go out before the design system is built, which they do not need.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void start(container);

async function start(container: HTMLElement) {
  await nextTask();
  const app = createApp({
    embeddedAnswers: readEmbeddedAnswers(),
    // A page drawn at build time carries the global CSS in its <head> (prerender.mjs).
    globalCssInPage: container.dataset.prerendered !== undefined,
  });
  await nextTask();
  startEarly(app.router, app.utils);
  await nextTask();
  bankSystem();
  await nextTask();
  drawFirstPage(container, app);
}

// A mismatch between the prerendered markup and the first render (the bank renamed itself, a
// visitor already signed in) is mended by React drawing the part afresh: worth a warning, no error.
function warnRedrawn(error: unknown) {
  console.warn('The prerendered page was drawn again:', error);
}

/**
 * Draws the first page once its routes' guards and loaders have run and its code has loaded:
 * hydrating a prerendered page or the signed-in shell in place, or replacing index.html's
 * spinner. The page is drawn as a transition, which React renders (and hydrates) in slices of a
 * few milliseconds, yielding to the browser between them.
 */
function drawFirstPage(container: HTMLElement, { App, router }: ReturnType<typeof createApp>) {
  const firstPageReady = router.load().catch(() => undefined);
  const prerendered = container.dataset.prerendered;
  // From here React's listeners take every event; a form submitted before was held (theme-init.js).
  const appReady = () => document.documentElement.setAttribute('data-app-ready', '');
  if (prerendered === 'page' && container.dataset.path === window.location.pathname) {
    // A public page drawn at build time (prerender.mjs): hydrated in place once its code is here.
    void firstPageReady.finally(() =>
      startTransition(() => {
        if (router.state.location.pathname !== container.dataset.path) {
          // The guard sent the visitor elsewhere (signed in already): draw that page instead.
          appReady();
          createRoot(container).render(
            <StrictMode>
              <App />
            </StrictMode>,
          );
          return;
        }
        const restore = keepWhatWasDone(container);
        // Ready once hydrated, not when hydration starts: it runs in slices, and a form submitted
        // between them is held (theme-init.js) and sent again here, where it would be lost.
        const hydrated = () => {
          appReady();
          restore();
        };
        hydratePage(
          container,
          router,
          <StrictMode>
            <AfterFirstCommit run={hydrated}>
              <App />
            </AfterFirstCommit>
          </StrictMode>,
          warnRedrawn,
        );
      }),
    );
  } else if (prerendered === 'shell') {
    // The signed-in frame and its spinner: hydrated at once, then the page takes the spinner's place.
    appReady();
    const root = hydrateRoot(
      container,
      <StrictMode>
        <App shell />
      </StrictMode>,
      { onRecoverableError: warnRedrawn },
    );
    replaceSpinner(root);
  } else {
    // index.html's own spinner (a page not prerendered, or the offline copy), replaced by the page.
    appReady();
    const root = createRoot(container);
    replaceSpinner(root);
  }

  /** Draws the first page in `root` once it is ready, in place of the spinner. */
  function replaceSpinner(root: Root) {
    void firstPageReady.finally(() =>
      startTransition(() =>
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      ),
    );
  }
}

/** Runs `run` once the tree below has been committed (hydrated). */
function AfterFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, []);
  return children;
}

if (import.meta.env.PROD) registerServiceWorker();

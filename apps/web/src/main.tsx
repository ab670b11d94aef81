import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { createApp } from './app/create-app.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { startEarly } from './app/start-early.ts';
import { readEmbeddedAnswers } from './lib/embedded-answers.ts';

// zod's schemas would probe for `new Function` (a CSP violation report under our script-src
// 'self'): parse without generated code. Set before any page's schemas load.
zodConfig({ jitless: true });

const { App, router, utils } = createApp({ embeddedAnswers: readEmbeddedAnswers() });
startEarly(router, utils);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first page is drawn once it is ready (its routes' guards and loaders have run and their
// code has loaded: router.load()), and as a transition, which React renders in slices of a few
// milliseconds, yielding to the browser between them. Drawn at once instead, the router's
// switch from its pending state to the page came as a store update, which React renders in one
// blocking task: a phone froze while Chakra worked out the page's styles (the page-speed review:
// total blocking time). A failed load is the router's to show, as ever.
void router
  .load()
  .catch(() => undefined)
  .finally(() =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );

if (import.meta.env.PROD) registerServiceWorker();

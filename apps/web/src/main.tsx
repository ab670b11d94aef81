import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { createApp } from './app/create-app.tsx';
import { registerServiceWorker } from './app/service-worker.ts';

// zod's schemas would probe for `new Function` (a CSP violation report under our script-src
// 'self'): parse without generated code. Set before any page's schemas load.
zodConfig({ jitless: true });

const { App } = createApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();

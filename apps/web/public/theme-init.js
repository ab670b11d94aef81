// Runs before the first paint: applies the saved light/dark choice, so the page never flashes,
// and holds a prerendered form's submit until the app can take it (below).
// A file rather than an inline script: the Content-Security-Policy forbids inline scripts.
(() => {
  try {
    const saved = localStorage.getItem('theme') || 'system';
    const dark =
      saved === 'dark' ||
      (saved === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(dark ? 'dark' : 'light');
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage may be blocked; the app applies the theme itself once it starts.
  }
})();

// A prerendered form (prerender.mjs) is on screen before the app can handle it: a submit then
// would send its fields, the password too, in the URL of a plain GET. Every form of the app is
// sent by the app itself, so the browser's own submission is always cancelled; until main.tsx
// has hydrated the page (data-app-ready on <html>) the form is also marked, and main.tsx
// submits it again then. A held submit goes no further: React, hydrating in slices, may already
// listen, and the form must be sent once.
document.addEventListener(
  'submit',
  (event) => {
    event.preventDefault();
    if (document.documentElement.hasAttribute('data-app-ready')) return;
    event.stopPropagation();
    if (event.target instanceof HTMLFormElement) event.target.setAttribute('data-held-submit', '');
  },
  true,
);

// A page the build drew (prerender.mjs) is whole before its scripts run, so they are fetched
// after its first contentful paint: on a slow link its HTML and images are not slowed by ~250 KB
// of JavaScript competing for the bandwidth. The entry and the chunks to preload wait in inert
// JSON lists (data-after-paint: the build's, then the server's for the page's own chunks). A
// browser without paint timing starts them at the load event (which may come before the
// paint); a hidden page (nothing to paint) once the document is parsed. Other pages have no
// list, and nothing starts here.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const modules = [];
    const preload = [];
    for (const list of document.querySelectorAll('script[data-after-paint]')) {
      try {
        const parsed = JSON.parse(list.textContent || '{}');
        modules.push(...(parsed.modules || []));
        preload.push(...(parsed.preload || []));
      } catch {
        // A list that does not parse names nothing; the page stays as drawn.
      }
    }
    const add = (tag, attributes) => {
      const element = document.createElement(tag);
      Object.assign(element, attributes);
      document.head.append(element);
    };
    // The entry first, then the preloads a few per task: each link starts a request, which costs
    // the main thread 1-7 ms on a phone (measured at 4x CPU slowdown), and ~40 of them in one
    // task would be a long task of their own (the page-speed review: total blocking time).
    for (const src of modules) add('script', { type: 'module', crossOrigin: 'anonymous', src });
    const PER_TASK = 6;
    // A route's own import may have asked for a chunk already (Vite's preload adds its link
    // when the entry runs before the last of these tasks): one link per chunk.
    const linked = (href) =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].some(
        (link) => link.getAttribute('href') === href,
      );
    const preloadFrom = (index) => {
      for (const href of preload.slice(index, index + PER_TASK))
        if (!linked(href)) add('link', { rel: 'modulepreload', crossOrigin: 'anonymous', href });
      if (index + PER_TASK < preload.length) setTimeout(preloadFrom, 0, index + PER_TASK);
    };
    preloadFrom(0);
  };
  if (document.visibilityState === 'hidden') {
    document.addEventListener('DOMContentLoaded', start);
    return;
  }
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    window.addEventListener('load', start);
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page painted with nothing contentful never reports it: start a while after its load.
  window.addEventListener('load', () => setTimeout(start, 2000));
})();

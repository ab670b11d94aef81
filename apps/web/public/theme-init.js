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
// sent by the app itself, so the browser's own submission is always cancelled; before main.tsx
// hands the page to React (data-app-ready on <html>) the form is also marked, and main.tsx
// submits it again once the page is hydrated.
document.addEventListener(
  'submit',
  (event) => {
    event.preventDefault();
    if (document.documentElement.hasAttribute('data-app-ready')) return;
    if (event.target instanceof HTMLFormElement) event.target.setAttribute('data-held-submit', '');
  },
  true,
);

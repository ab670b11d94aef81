// Applies the saved light/dark choice before the app starts, so the page never flashes.
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import themeInit from '../../public/theme-init.js?raw';

/** A prerendered page's inert lists of scripts (prerender.mjs, then the server's own). */
function afterPaintLists(lists: { modules?: string[]; preload?: string[] }[]) {
  document.head.innerHTML = lists
    .map(
      (list) => `<script type="application/json" data-after-paint>${JSON.stringify(list)}</script>`,
    )
    .join('');
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
const moduleScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map(
    (script) => new URL(script.src).pathname,
  );

describe("theme-init.js: a prerendered page's scripts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('asks for the entry at once and for every preload a few per task, each once and in order', () => {
    const vendor = ['/assets/vendor-react.js', '/assets/vendor-tanstack.js'];
    const page = Array.from({ length: 20 }, (_, index) => `/assets/chunk-${index}.js`);
    afterPaintLists([{ modules: ['/assets/index.js'], preload: vendor }, { preload: page }]);
    // jsdom has no paint timing: the script starts them at the load event.
    new Function(themeInit)();
    expect(moduleScripts()).toEqual([]);
    window.dispatchEvent(new Event('load'));

    expect(moduleScripts()).toEqual(['/assets/index.js']);
    // Not all in the task that found them: ~40 requests started at once were a long task.
    const first = preloads();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(vendor.length + page.length);
    expect(first).toEqual([...vendor, ...page].slice(0, first.length));

    vi.runAllTimers();
    expect(preloads()).toEqual([...vendor, ...page]);
    expect(moduleScripts()).toEqual(['/assets/index.js']);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPublicPage, renderSignedInShell } from './render.tsx';

/** The build runs the render in node, where emotion collects rules instead of inserting them. */
describe('critical styles of a page drawn at build time', () => {
  it('carries every rule its markup names, globals first, as emotion adopts them', async () => {
    const page = await renderPublicPage('/login');
    if (!page) throw new Error('/login did not render');
    const elements = [...page.head.matchAll(/<style data-emotion="([^"]+)"( data-s="")?>/g)].map(
      (match) => match[1] ?? '',
    );
    // Each marked as in place: emotion leaves it where it is instead of moving it (and parsing
    // it again) at start.
    expect(page.head.match(/<style /g)?.length).toBe(elements.length);
    expect(page.head.match(/<style [^>]*data-s="">/g)?.length).toBe(elements.length);
    const regular = elements.at(-1)?.split(' ') ?? [];
    expect(regular[0]).toBe('css');
    expect(elements.slice(0, -1).every((name) => name.startsWith('css-global '))).toBe(true);
    // Chakra's tokens and reset are among the globals: the page's colours before any script.
    expect(page.head).toContain('--chakra-colors-bg');
    const used = new Set(
      [...page.html.matchAll(/class="[^"]*"/g)].flatMap((match) =>
        [...match[0].matchAll(/css-([\w-]+)/g)].map((id) => id[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(20);
    for (const id of used) expect(regular).toContain(id);
    // Both colour modes: the dark theme's rules ride along with the light one's.
    expect(page.head).toContain('.dark');
  });

  it('the shell has its spinner’s keyframes', () => {
    const shell = renderSignedInShell();
    expect(shell.head).toMatch(/@keyframes/);
    expect(shell.html).toContain('Loading…');
  });
});

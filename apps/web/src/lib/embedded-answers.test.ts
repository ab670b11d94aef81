import type { AppRouter } from '@bank/api';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { embeddedAnswersLink, readEmbeddedAnswers } from './embedded-answers.ts';

/** Stands for the network: records each path it is asked for and answers its name. */
function networkLink(asked: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        asked.push(op.path);
        observer.next({ result: { type: 'data', data: { from: 'network' } } });
        observer.complete();
      });
}

describe('answers embedded in the page (the footprint and page-speed review)', () => {
  it('answers the first call of each from the page, and every later call from the network', async () => {
    const asked: string[] = [];
    const signedOut = { user: null, twoFactorRequired: false };
    const client = createTRPCClient<AppRouter>({
      links: [embeddedAnswersLink(new Map([['auth.me', signedOut]])), networkLink(asked)],
    });
    expect(await client.auth.me.query()).toEqual(signedOut);
    expect(asked).toEqual([]);
    await client.auth.me.query();
    await client.settings.public.query();
    expect(asked).toEqual(['auth.me', 'settings.public']);
  });

  it('reads them from the JSON element, and nothing from a page without one or with bad JSON', () => {
    const page = document.implementation.createHTMLDocument();
    expect(readEmbeddedAnswers(page).size).toBe(0);
    const element = page.createElement('script');
    element.type = 'application/json';
    element.id = 'page-answers';
    element.textContent = '{"auth.me":{"user":null,"twoFactorRequired":false}}';
    page.head.append(element);
    expect(readEmbeddedAnswers(page).get('auth.me')).toEqual({
      user: null,
      twoFactorRequired: false,
    });
    element.textContent = '{not json';
    expect(readEmbeddedAnswers(page).size).toBe(0);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answersElement } from './plugins/page-answers.ts';
import { sessionCookieName } from './session-cookie.ts';
import { createFileTestServer } from './testing.ts';
import { signedInCustomer } from './testing-support.ts';

const dist = mkdtempSync(join(tmpdir(), 'bank-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
writeFileSync(join(dist, 'spa-routes.json'), JSON.stringify({ routes: [{ path: '/login' }] }));
const { app, server } = await createFileTestServer({ webDistDir: dist });

function embedded(html: string): unknown {
  const json = html.match(
    /<script type="application\/json" id="page-answers">(.*?)<\/script>/,
  )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

/** GET /login as a browser asks: `dest` is its Sec-Fetch-Dest; `token` rides in the cookie. */
const loginPage = (dest: 'document' | 'empty', token?: string) =>
  server.inject({
    method: 'GET',
    url: '/login',
    headers: {
      'sec-fetch-dest': dest,
      ...(token ? { cookie: `${sessionCookieName(false)}=${token}` } : {}),
    },
  });

describe("a page's first answers in its HTML (the footprint and page-speed review)", () => {
  it('carries the signed-out session and the bank profile in a navigation, kept by nobody', async () => {
    const page = await loginPage('document');
    expect(page.statusCode).toBe(200);
    expect(embedded(page.body)).toEqual({
      'auth.me': { user: null, twoFactorRequired: false },
      'settings.public': expect.objectContaining({
        bankName: 'Horizon Bank',
        maintenanceMode: false,
      }),
    });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toContain('Cookie');
  });

  it("carries the signed-in customer's session when the cookie comes with the navigation", async () => {
    const customer = await signedInCustomer(app);
    const page = await loginPage('document', customer.token);
    expect(embedded(page.body)).toMatchObject({
      'auth.me': { user: { email: customer.email }, twoFactorRequired: false },
    });
  });

  it("leaves them out of what is not the browser's navigation (the service worker's shell copy)", async () => {
    const customer = await signedInCustomer(app);
    const copy = await loginPage('empty', customer.token);
    expect(copy.statusCode).toBe(200);
    expect(embedded(copy.body)).toBeUndefined();
    expect(copy.body).not.toContain(customer.email);
    expect(copy.headers['cache-control']).toBe('no-cache');
  });

  it('escapes what could close the element', () => {
    const element = answersElement({
      'settings.public': { bankName: '</script><script>alert(1)' },
    });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(embedded(element)).toEqual({
      'settings.public': { bankName: '</script><script>alert(1)' },
    });
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageForVisitor, SHELL_HTML } from './plugins/static-spa.ts';
import { createFileTestServer } from './testing.ts';

const dist = mkdtempSync(join(tmpdir(), 'bank-dist-'));
const bigScript = `${'console.log("Horizon Bank");\n'.repeat(400)}`;

/** What the SPA build writes, in `dist`. */
function writeSpaBuild(): void {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Horizon Bank</title></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // What the SPA build writes (apps/web/vite-precompress.ts and the route table).
  writeFileSync(join(dist, 'assets', 'big-1.js'), bigScript);
  writeFileSync(join(dist, 'assets', 'big-1.js.br'), brotliCompressSync(bigScript));
  writeFileSync(join(dist, 'assets', 'big-1.js.gz'), gzipSync(bigScript));
  writeFileSync(
    join(dist, 'spa-routes.json'),
    JSON.stringify({
      entry: ['assets/app-1.js'],
      routes: [
        { path: '/', chunks: ['assets/dashboard-1.js'] },
        { path: '/login', chunks: ['assets/login-1.js', 'assets/form-1.js'] },
        { path: '/transactions/', chunks: [] },
        { path: '/transactions/$id', chunks: ['assets/detail-1.js'] },
        { path: '/404', chunks: [] },
        // Pages the build drew (apps/web/prerender.mjs); a name outside prerendered/ is ignored.
        { path: '/register', chunks: ['assets/register-1.js'], html: 'prerendered/register.html' },
        { path: '/payees', chunks: [], html: 'prerendered/shell.html' },
        { path: '/help', chunks: [], html: '../index.html' },
      ],
    }),
  );
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(
    join(dist, 'prerendered', 'register.html'),
    '<!doctype html><html><head><title>Create Account</title><script type="application/json" data-after-paint>{"modules":["/assets/app-1.js"]}</script></head><body><div id="root" data-prerendered="page"><h1>Create your account</h1></div></body></html>',
  );
  writeFileSync(
    join(dist, 'prerendered', 'shell.html'),
    '<!doctype html><html><head><title>Horizon Bank</title></head><body><div id="root" data-prerendered="shell"></div></body></html>',
  );
}
// Before the server is built: it reads the route table then.
writeSpaBuild();
const { server } = await createFileTestServer({ webDistDir: dist });

describe('the built SPA', () => {
  it('answers index.html at the root', async () => {
    const root = await server.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Horizon Bank</title>');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html for client routes, with the security headers', async () => {
    const page = await server.inject({ method: 'GET', url: '/transactions/123?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Horizon Bank</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves hashed assets as immutable, including ones built after start', async () => {
    const asset = await server.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await server.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });

  it('answers 404 JSON for a missing file and for unknown API paths', async () => {
    expect((await server.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
    const api = await server.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});

/** A GET from a browser that accepts `encodings`. */
const getAccepting = (url: string, encodings: string) =>
  server.inject({ method: 'GET', url, headers: { 'accept-encoding': encodings } });

describe('compression and the route table (the footprint and page-speed review)', () => {
  it('sends the precompressed brotli or gzip copy of an asset the browser accepts', async () => {
    const br = await getAccepting('/assets/big-1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);

    const gz = await getAccepting('/assets/big-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await server.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses API answers above the threshold, not small ones', async () => {
    const spec = await getAccepting('/api/v1/openapi.json', 'br, gzip');
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const health = await getAccepting('/healthz', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 with the SPA (its not-found page) for a path that is no route', async () => {
    for (const url of ['/no-such-page', '/transactions/1/extra', '/login/x']) {
      const page = await server.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<title>Horizon Bank</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/', '/login', '/login/', '/transactions', '/transactions/abc?x=1']) {
      expect((await server.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it("names a page's chunks as module preloads in its HTML, and nothing for a 404", async () => {
    const login = await server.inject({ method: 'GET', url: '/login?redirect=%2F' });
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="modulepreload" crossorigin href="/assets/form-1.js"></head>',
    );
    const root = await server.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('href="/assets/dashboard-1.js"');
    const detail = await server.inject({ method: 'GET', url: '/transactions/abc' });
    expect(detail.body).toContain('href="/assets/detail-1.js"');
    expect(detail.body).not.toContain('login-1.js');
    const missing = await server.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('modulepreload');
  });

  it('answers a prerendered page with its own HTML, and its chunks for after its first paint', async () => {
    const register = await server.inject({ method: 'GET', url: '/register' });
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain('<h1>Create your account</h1>');
    // Inert JSON, fetched by theme-init.js once the page is on screen: no link fetched at once.
    expect(register.body).toContain(
      '<script type="application/json" data-after-paint>{"preload":["/assets/register-1.js"]}</script></head>',
    );
    expect(register.body).not.toContain('modulepreload');
    const payees = await server.inject({ method: 'GET', url: '/payees' });
    expect(payees.body).toContain('data-prerendered="shell"');
    // The table names files under prerendered/ only.
    const help = await server.inject({ method: 'GET', url: '/help' });
    expect(help.statusCode).toBe(200);
    expect(help.body).not.toContain('data-prerendered');
  });

  it('a visitor nobody signed in gets the spinner, not the signed-in frame', async () => {
    const navigation = { 'sec-fetch-dest': 'document' };
    const payees = await server.inject({
      method: 'GET',
      url: '/payees',
      headers: navigation,
    });
    expect(payees.body).toContain('id="page-answers"');
    expect(payees.body).not.toContain('data-prerendered');
    const register = await server.inject({
      method: 'GET',
      url: '/register',
      headers: navigation,
    });
    expect(register.body).toContain('<h1>Create your account</h1>');
  });

  it('serves a rebuilt index.html without a restart', async () => {
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Horizon Bank 2</title></head><body></body></html>',
    );
    const page = await server.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('<title>Horizon Bank 2</title>');
    expect(page.body).toContain('href="/assets/login-1.js"');
  });

  it('follows a rebuilt route table without a restart (new pages, renamed chunks)', async () => {
    expect((await server.inject({ method: 'GET', url: '/statements' })).statusCode).toBe(404);
    writeFileSync(
      join(dist, 'spa-routes.json'),
      JSON.stringify({
        entry: ['assets/app-2.js'],
        routes: [
          { path: '/login', chunks: ['assets/login-2.js'] },
          { path: '/statements', chunks: ['assets/statements-2.js'] },
        ],
      }),
    );
    const statements = await server.inject({ method: 'GET', url: '/statements' });
    expect(statements.statusCode).toBe(200);
    expect(statements.body).toContain('href="/assets/statements-2.js"');
    const login = await server.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('href="/assets/login-2.js"');
    expect(login.body).not.toContain('login-1.js');
    // Caught mid-write by a rebuild: the table as it was, not an error.
    writeFileSync(join(dist, 'spa-routes.json'), '{"routes": [');
    expect((await server.inject({ method: 'GET', url: '/statements' })).statusCode).toBe(200);
  });
});

describe('the first paint a visitor gets', () => {
  const login = { chunks: ['assets/login-1.js'], html: 'prerendered/login.html' };
  const payees = { chunks: [], html: SHELL_HTML };
  const user = { id: 'u1', firstName: 'Alice' };

  it('a signed-in visitor asking for a public page gets the shell (the router sends them on)', () => {
    expect(pageForVisitor(login, { user, twoFactorRequired: false })).toEqual({
      chunks: ['assets/login-1.js'],
      html: SHELL_HTML,
    });
    expect(pageForVisitor(payees, { user, twoFactorRequired: false })).toEqual(payees);
  });

  it('a visitor owing the second factor keeps the public page; nobody gets the spinner for a signed-in one', () => {
    expect(pageForVisitor(login, { user, twoFactorRequired: true })).toEqual(login);
    expect(pageForVisitor(login, { user: null, twoFactorRequired: false })).toEqual(login);
    expect(pageForVisitor(payees, { user: null, twoFactorRequired: false })).toEqual({
      chunks: [],
    });
    // Nothing asked (not a navigation): the table's choice.
    expect(pageForVisitor(payees, undefined)).toEqual(payees);
  });
});

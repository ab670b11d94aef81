import { testPassword } from '@bank/api/testing/harness';
import { messages } from '@bank/validators/messages';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  buildTestServer,
  createFileTestServer,
  listenOnFreePort,
  requestBodySchema,
} from './testing.ts';

const { app, server, as } = await createFileTestServer();

const json = { 'content-type': 'application/json' };
const signedOut = as();

async function restLogin(email: string, password = testPassword) {
  const response = await signedOut.post('/api/v1/auth/login', { email, password });
  return { response, body: response.json() };
}

describe('REST /api/v1', () => {
  it('answers a token at sign-in that works as a Bearer token, and sets the HttpOnly cookie', async () => {
    const { email } = await app.registerVerified();
    const { response, body } = await restLogin(email);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ user: { email, role: 'user' }, twoFactorRequired: false });
    expect(typeof body.token).toBe('string');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Expires/);
    const me = await server.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
    const viaCookie = await server.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { session: body.token },
    });
    expect(viaCookie.json().user.email).toBe(email);
  });

  it('answers 401 Authentication required when no token is sent, and session expired for a stale one', async () => {
    const me = await server.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.authenticationRequired });
    expect(me.headers['www-authenticate']).toBe('Bearer');
    const stale = await server.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Bearer abc.def' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.sessionExpired });
    expect(stale.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('answers 400 Validation error with the messages as details', async () => {
    const response = await signedOut.post('/api/v1/auth/login', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Validation error',
      details: [
        { field: 'email', message: 'Invalid email' },
        { field: 'password', message: 'Password is required' },
      ],
    });
  });

  it('answers 401 for wrong credentials, 403 for a customer on an admin path, 404 for unknown paths', async () => {
    const { email, id } = await app.registerVerified();
    const wrong = await restLogin(email, 'Wrong!Passw0rd');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: messages.invalidCredentials });
    const { body } = await restLogin(email);
    const forbidden = await as(body.token).put(`/api/v1/users/${id}/block`, { blocked: true });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await server.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const outside = await server.inject({ method: 'GET', url: '/api/elsewhere' });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['content-type']).toMatch(/json/);
  });

  it('answers 429 with docs/product.md message after too many failed sign-ins', async () => {
    const { email } = await app.registerVerified();
    for (let i = 0; i < 5; i += 1) await restLogin(email, 'Wrong!Passw0rd');
    const { response, body } = await restLogin(email);
    expect(response.statusCode).toBe(429);
    expect(body).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyRequests });
  });

  it('serves the development mailbox', async () => {
    const email = await app.registerUser();
    await app.mailbox(email);
    const response = await server.inject({
      method: 'GET',
      url: `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    expect(response.statusCode).toBe(200);
    const [message] = response.json().messages;
    expect(message.subject).toBe('Verify your email address');
    expect(message.links[0]).toMatch(/\/verify-email\?token=/);
  });

  it('describes every path in an OpenAPI 3.1 document and a reference page', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/auth/verify-email',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/verify-2fa',
      '/auth/setup-2fa',
      '/auth/profile',
      '/auth/change-password',
      '/auth/logout',
      '/auth/me',
      '/users/{id}/block',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(requestBodySchema(doc, '/auth/login', 'post').properties).toHaveProperty('email');
    const page = await server.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/api/docs/scalar.js"></script>');
  });
});

describe('security', () => {
  it('sends the security headers on every answer', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and __Host- Secure cookies in production', async () => {
    const production = await buildTestServer(app.deps, { production: true });
    try {
      const { email } = await app.registerVerified();
      const response = await production.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: json,
        payload: { email, password: testPassword, rememberMe: true },
      });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/Expires=/);
    } finally {
      await production.close();
    }
  });

  it('refuses a cross-site state-changing request but not a same-origin or Bearer one', async () => {
    const crossSite = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await server.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { origin: 'https://evil.example', host: 'bank.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { ...json, 'sec-fetch-site': 'same-origin' },
      payload: { email: 'x@example.com' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const bearer = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site', authorization: 'Bearer nope.nope' },
    });
    expect(bearer.statusCode).toBe(401);
  });
});

describe('tRPC over HTTP', () => {
  it('serves the procedures at /trpc with the validation details', async () => {
    const response = await signedOut.post('/trpc/auth.login', { email: 'bad' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.message).toBe('Validation error');
    expect(body.error.data.details).toContainEqual({ field: 'email', message: 'Invalid email' });
  });
});

/**
 * A bare tRPC WebSocket client (the wire protocol tRPC's wsLink speaks): connection params
 * first, then one subscription; resolves with the first data or error message.
 */
function subscribeOnce(port: number, token: string | null, onStarted: () => void) {
  const url = `ws://127.0.0.1:${port}/trpc${token ? '?connectionParams=1' : ''}`;
  const socket = new WebSocket(url);
  return new Promise<{ data?: { type: string }; errorCode?: string }>((resolve, reject) => {
    socket.on('open', () => {
      if (token) socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
      socket.send(
        JSON.stringify({
          id: 1,
          method: 'subscription',
          params: { path: 'events.onEvent', input: undefined },
        }),
      );
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.result?.type === 'started') onStarted();
      // A tracked() event arrives as { id, data }.
      if (message.result?.type === 'data') resolve({ data: message.result.data.data });
      if (message.error) resolve({ errorCode: message.error.data?.code });
    });
    socket.on('error', reject);
  }).finally(() => socket.close());
}

describe('realtime', () => {
  it('delivers a sign-in alert to the user’s open subscription, and refuses an anonymous one', async () => {
    const port = await listenOnFreePort(server);
    const { email } = await app.registerVerified();
    const { body } = await restLogin(email);

    // A second sign-in elsewhere: the first device hears of it, after commit.
    const received = await subscribeOnce(port, body.token, () => void restLogin(email));
    expect(received.data).toMatchObject({ type: 'security:signin' });

    const refused = await subscribeOnce(port, null, () => {});
    expect(refused.errorCode).toBe('UNAUTHORIZED');
  });
});

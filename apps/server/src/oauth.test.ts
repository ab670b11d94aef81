import { auditEventsAbout } from '@bank/api/testing/audit';
import { balanceCents, fundedCustomer, ledgerInvariant, testCard } from '@bank/api/testing/money';
import { createFileWebhookReceiver } from '@bank/api/testing/webhook-receiver';
import { dispatchWebhooks } from '@bank/api/webhooks/dispatcher';
import { createHttpSender } from '@bank/api/webhooks/sender';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileTestServer } from './testing.ts';

// The partner journey over OAuth 2.0, driven by openid-client as an integrator's app would:
// staff register the app, the customer consents, the app reads and pays within its scopes, and
// the customer's revocation stops its token on the next call.

const { app, server } = await createFileTestServer();
const receiver = await createFileWebhookReceiver();

const issuer = 'http://bank.test';
const redirectUri = 'https://budgetbuddy.example/callback';

/** openid-client's HTTP, answered by the server in process. */
const injectFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = { ...Object.fromEntries(new Headers(init?.headers).entries()), host: url.host };
  const body = init?.body;
  const res = await server.inject({
    method: (init?.method ?? 'GET') as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    headers,
    ...(typeof body === 'string' || body instanceof URLSearchParams
      ? { payload: body.toString() }
      : {}),
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string') answerHeaders.set(name, value);
    else if (typeof value === 'number') answerHeaders.set(name, String(value));
  }
  return new Response(res.statusCode === 204 ? null : res.rawPayload, {
    status: res.statusCode,
    headers: answerHeaders,
  });
};

async function staffAdmin() {
  const person = await fundedCustomer(app, 0, 'Staff');
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.id));
  return person;
}

const registered = z.object({
  app: z.object({ clientId: z.string(), scopes: z.array(z.string()), status: z.string() }),
  clientSecret: z.string(),
});

async function registerApp(scopes: string[]) {
  const admin = await staffAdmin();
  const res = await server.inject({
    method: 'POST',
    url: '/api/v1/admin/apps',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: { name: 'Budget Buddy', redirectUris: [redirectUri], scopes },
  });
  expect(res.statusCode).toBe(201);
  const body = registered.parse(res.json());
  const config = await client.discovery(
    new URL(issuer),
    body.app.clientId,
    undefined,
    client.ClientSecretBasic(body.clientSecret),
    { [client.customFetch]: injectFetch, execute: [client.allowInsecureRequests] },
  );
  return { ...body, config, admin };
}

/** A browser: the bank's session cookie plus whatever the provider sets. */
function browser(sessionToken: string) {
  const jar = new Map<string, string>([['session', sessionToken]]);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    async request(method: 'GET' | 'POST', url: string, payload?: unknown) {
      const res = await server.inject({
        method,
        url,
        headers: {
          cookie: cookie(),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      for (const set of res.cookies) {
        if (set.value === '' || (set.maxAge !== undefined && set.maxAge <= 0)) jar.delete(set.name);
        else jar.set(set.name, set.value);
      }
      return res;
    },
  };
}

/** The customer goes through the consent page and answers; the app gets its redirect back. */
async function consent(
  config: client.Configuration,
  sessionToken: string,
  scope: string,
  allow: boolean,
) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizeUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const visitor = browser(sessionToken);
  const start = await visitor.request('GET', `${authorizeUrl.pathname}${authorizeUrl.search}`);
  expect(start.statusCode).toBe(303);
  const consentPage = String(start.headers.location);
  expect(consentPage).toMatch(/^\/oauth\/consent\/[\w-]+$/);
  const details = await visitor.request('GET', `${consentPage}/details`);
  expect(details.statusCode).toBe(200);
  const decision = await visitor.request('POST', `${consentPage}/decision`, { allow });
  expect(decision.statusCode).toBe(200);
  const { redirectTo } = z.object({ redirectTo: z.string() }).parse(decision.json());
  const resumed = await visitor.request('GET', new URL(redirectTo, issuer).pathname);
  expect(resumed.statusCode).toBe(303);
  const back = new URL(String(resumed.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  return { back, verifier, state, details: details.json() };
}

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  server.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

describe('third-party apps over OAuth 2.0 (openid-client)', () => {
  it('publishes discovery: code with S256 PKCE, client credentials, revocation, introspection', async () => {
    const res = await server.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      headers: { host: 'bank.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      introspection_endpoint: `${issuer}/oauth/introspect`,
      code_challenge_methods_supported: ['S256'],
      // The API's scopes, which an app asks for, are listed beside OpenID's own.
      scopes_supported: expect.arrayContaining([
        'openid',
        'offline_access',
        'accounts:read',
        'transactions:read',
        'payments:write',
        'webhooks:manage',
      ]),
      grant_types_supported: expect.arrayContaining([
        'authorization_code',
        'refresh_token',
        'client_credentials',
      ]),
    });
  });

  it('names the issuer’s own endpoints whatever host the request came by', async () => {
    // A request by another name of the server (its address, a second host name) must not
    // hand a client endpoints on a host other than the issuer's.
    for (const host of ['127.0.0.1:3000', 'other.example']) {
      const res = await server.inject({
        method: 'GET',
        url: '/.well-known/openid-configuration',
        headers: { host },
      });
      expect(res.statusCode).toBe(200);
      const endpoints = Object.entries(res.json())
        .filter(([name]) => name === 'issuer' || name.endsWith('_endpoint') || name === 'jwks_uri')
        .map(([, value]) => String(value));
      expect(endpoints.length).toBeGreaterThan(4);
      for (const endpoint of endpoints) expect(endpoint.startsWith(issuer)).toBe(true);
    }
  });

  it('documents the same endpoints in the OpenAPI document’s oauth2 security scheme', async () => {
    const discovery = z
      .object({ authorization_endpoint: z.string(), token_endpoint: z.string() })
      .parse(
        (
          await server.inject({
            method: 'GET',
            url: '/.well-known/openid-configuration',
            headers: { host: 'bank.test' },
          })
        ).json(),
      );
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const flows = z
      .object({
        authorizationCode: z.object({
          authorizationUrl: z.string(),
          tokenUrl: z.string(),
          refreshUrl: z.string(),
          scopes: z.record(z.string(), z.string()),
        }),
        clientCredentials: z.object({
          tokenUrl: z.string(),
          scopes: z.record(z.string(), z.string()),
        }),
      })
      .parse(document.components.securitySchemes.oauth2.flows);
    expect(flows.authorizationCode.authorizationUrl).toBe(discovery.authorization_endpoint);
    expect(flows.authorizationCode.tokenUrl).toBe(discovery.token_endpoint);
    expect(flows.authorizationCode.refreshUrl).toBe(discovery.token_endpoint);
    expect(flows.clientCredentials.tokenUrl).toBe(discovery.token_endpoint);
    expect(Object.keys(flows.clientCredentials.scopes)).toEqual([
      'accounts:read',
      'transactions:read',
      'payments:write',
      'webhooks:manage',
    ]);
  });

  it('consent, reads and pays within scopes, refused without, refresh rotates, revoke stops at once', async () => {
    const { config, app: registeredApp } = await registerApp([
      'accounts:read',
      'transactions:read',
      'payments:write',
    ]);
    const alice = await fundedCustomer(app, 100, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');

    // The customer allows reading only: the app gets no payments.
    const { back, verifier, state, details } = await consent(
      config,
      alice.token,
      'transactions:read accounts:read',
      true,
    );
    expect(details).toMatchObject({
      appName: 'Budget Buddy',
      scopes: [
        { scope: 'accounts:read', description: 'See your account number and balance' },
        { scope: 'transactions:read', description: 'See your transactions' },
      ],
      accountLast4: alice.accountNumber.slice(-4),
    });
    const tokens = await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(600);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const accessToken = tokens.access_token;

    const list = await api(accessToken, 'GET', '/api/v1/transactions');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBe(1);
    expect((await api(accessToken, 'GET', '/api/v1/accounts')).statusCode).toBe(200);

    const pay = {
      recipientAccountNumber: bob.accountNumber,
      recipientName: 'Bob Customer',
      amount: 10,
    };
    const refused = await api(accessToken, 'POST', '/api/v1/transactions/transfer', pay);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      details: { scope: 'payments:write' },
    });
    // Staff, session and security operations are never an app's.
    const profile = await api(accessToken, 'PUT', '/api/v1/auth/profile', { firstName: 'X' });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toMatchObject({ code: 'APP_NOT_ALLOWED' });

    // Consenting again with payments: the new grant replaces the old, whose tokens stop.
    const second = await consent(config, alice.token, 'accounts:read payments:write', true);
    const payTokens = await client.authorizationCodeGrant(config, second.back, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect((await api(accessToken, 'GET', '/api/v1/accounts')).statusCode).toBe(401);
    const paid = await api(payTokens.access_token, 'POST', '/api/v1/transactions/transfer', {
      ...pay,
      idempotencyKey: undefined,
    });
    expect(paid.statusCode).toBe(201);
    expect(await balanceCents(app.db, bob.accountNumber)).toBe(1000n);
    // The ledger's rules hold for an app as for the customer: no more than the balance.
    const tooMuch = await api(payTokens.access_token, 'POST', '/api/v1/transactions/transfer', {
      ...pay,
      amount: 1000,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await ledgerInvariant(app.db);

    // Rotating refresh tokens: each refresh answers a new one.
    const refreshed = await client.refreshTokenGrant(config, String(payTokens.refresh_token));
    expect(refreshed.refresh_token).not.toBe(payTokens.refresh_token);
    const introspected = await client.tokenIntrospection(config, String(refreshed.refresh_token));
    expect(introspected).toMatchObject({
      active: true,
      client_id: registeredApp.clientId,
      sub: alice.id,
    });
    expect(await app.deps.appAccess.verifyAccessToken(refreshed.access_token)).toEqual({
      clientId: registeredApp.clientId,
      scopes: ['accounts:read', 'payments:write'],
      userId: alice.id,
    });
    // A spent refresh token used again: refused, and the provider ends the whole grant (it may
    // have been stolen), so the consent is gone too.
    await expect(
      client.refreshTokenGrant(config, String(payTokens.refresh_token)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await api(refreshed.access_token, 'GET', '/api/v1/accounts')).statusCode).toBe(401);
    expect(await app.deps.appAccess.grantedUserIds(registeredApp.clientId)).toEqual([]);

    // Consenting once more, then the customer revokes from Connected apps.
    const third = await consent(config, alice.token, 'accounts:read payments:write', true);
    const lastTokens = await client.authorizationCodeGrant(config, third.back, {
      pkceCodeVerifier: third.verifier,
      expectedState: third.state,
    });
    expect((await api(lastTokens.access_token, 'GET', '/api/v1/accounts')).statusCode).toBe(200);
    expect(await app.deps.appAccess.grantedUserIds(registeredApp.clientId)).toEqual([alice.id]);

    // The customer sees the app under Connected apps, then revokes it.
    const connected = await api(alice.token, 'GET', '/api/v1/connected-apps');
    expect(connected.json()).toEqual({
      data: [
        {
          clientId: registeredApp.clientId,
          name: 'Budget Buddy',
          scopes: [
            { scope: 'accounts:read', description: 'See your account number and balance' },
            {
              scope: 'payments:write',
              description: 'Send payments from your account (within your limits)',
            },
          ],
          grantedAt: expect.any(String),
          lastUsedAt: expect.any(String),
        },
      ],
    });
    const revoked = await api(
      alice.token,
      'DELETE',
      `/api/v1/connected-apps/${registeredApp.clientId}`,
    );
    expect(revoked.statusCode).toBe(200);
    const after = await api(lastTokens.access_token, 'GET', '/api/v1/accounts');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await client.tokenIntrospection(config, lastTokens.access_token)).active).toBe(false);
    await expect(
      client.refreshTokenGrant(config, String(lastTokens.refresh_token)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await api(alice.token, 'GET', '/api/v1/connected-apps')).json()).toEqual({ data: [] });
    expect(await app.deps.appAccess.grantedUserIds(registeredApp.clientId)).toEqual([]);

    expect(await auditEventsAbout(app.db, alice.id)).toEqual(
      expect.arrayContaining(['app.consent_granted', 'app.payment', 'app.consent_revoked']),
    );
  });

  it('denying sends the app access_denied and grants nothing', async () => {
    const { config, app: registeredApp } = await registerApp(['transactions:read']);
    const carol = await fundedCustomer(app, 0, 'Carol');
    const { back, verifier, state } = await consent(
      config,
      carol.token,
      'transactions:read',
      false,
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    await expect(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toThrow();
    expect(await app.deps.appAccess.grantedUserIds(registeredApp.clientId)).toEqual([]);
  });

  it('client credentials: the app’s own token, for no customer; disabling stops it', async () => {
    const {
      config,
      app: registeredApp,
      admin,
    } = await registerApp(['transactions:read', 'webhooks:manage']);
    const tokens = await client.clientCredentialsGrant(config, { scope: 'webhooks:manage' });
    expect(await app.deps.appAccess.verifyAccessToken(tokens.access_token)).toEqual({
      clientId: registeredApp.clientId,
      scopes: ['webhooks:manage'],
      userId: null,
    });
    const refused = await api(tokens.access_token, 'GET', '/api/v1/transactions');
    expect(refused.statusCode).toBe(403);
    // A scope the app was never given is refused by name, alone or beside a given one: never a
    // token that silently lacks it.
    for (const scope of ['payments:write', 'webhooks:manage payments:write', 'everything']) {
      await expect(client.clientCredentialsGrant(config, { scope })).rejects.toMatchObject({
        error: 'invalid_scope',
        error_description: 'requested scope is not allowed',
      });
    }

    const disabled = await api(
      admin.token,
      'POST',
      `/api/v1/admin/apps/${registeredApp.clientId}/disable`,
    );
    expect(disabled.json()).toMatchObject({ app: { status: 'disabled' } });
    expect(await app.deps.appAccess.verifyAccessToken(tokens.access_token)).toBeNull();
    await expect(
      client.clientCredentialsGrant(config, { scope: 'webhooks:manage' }),
    ).rejects.toBeDefined();
  });

  it('webhooks: the app subscribes with its own token and hears of customers who consented, until they revoke', async () => {
    const { config, app: registeredApp } = await registerApp([
      'transactions:read',
      'webhooks:manage',
    ]);
    const own = await client.clientCredentialsGrant(config, { scope: 'webhooks:manage' });
    const subscribed = await api(own.access_token, 'POST', '/api/v1/webhooks', {
      url: receiver.url,
      events: ['transaction.created'],
    });
    expect(subscribed.statusCode).toBe(201);
    const { secret } = z.object({ secret: z.string() }).parse(subscribed.json());
    const listed = await api(own.access_token, 'GET', '/api/v1/webhooks');
    expect(listed.statusCode).toBe(200);

    const carol = await fundedCustomer(app, 0, 'Carol');
    const dan = await fundedCustomer(app, 0, 'Dan');
    const { back, verifier, state } = await consent(config, carol.token, 'transactions:read', true);
    await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(await app.deps.appAccess.grantedUserIds(registeredApp.clientId)).toEqual([carol.id]);

    // The deposits' events reach the webhook queue once announced (decision 048).
    const dispatch = async () => {
      await app.deps.ledger.announced();
      return dispatchWebhooks({
        db: app.db,
        appAccess: app.deps.appAccess,
        encryptionKey: app.deps.encryptionKey,
        sender: createHttpSender({ policy: 'loopback' }),
        now: () => new Date(),
      });
    };
    const before = receiver.received.length;
    await carol.caller.transactions.deposit({ amount: 12, method: 'card', ...testCard });
    await dan.caller.transactions.deposit({ amount: 13, method: 'card', ...testCard });
    await dispatch();
    const heard = receiver.received.slice(before);
    // Carol consented, Dan did not: one message, signed with the subscription's secret.
    expect(heard).toHaveLength(1);
    const [hit] = heard;
    expect(
      new Webhook(secret).verify(hit?.body ?? '', {
        'webhook-id': String(hit?.headers['webhook-id']),
        'webhook-timestamp': String(hit?.headers['webhook-timestamp']),
        'webhook-signature': String(hit?.headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'transaction.created', data: { customerId: carol.id } });

    const revoked = await api(
      carol.token,
      'DELETE',
      `/api/v1/connected-apps/${registeredApp.clientId}`,
    );
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = receiver.received.length;
    await carol.caller.transactions.deposit({ amount: 14, method: 'card', ...testCard });
    await dispatch();
    expect(receiver.received.length).toBe(afterRevoke);
  });

  it('staff list and rotate; the old secret stops, customers and nobody are refused', async () => {
    const { app: registeredApp, admin, clientSecret } = await registerApp(['accounts:read']);
    const rotated = await api(
      admin.token,
      'POST',
      `/api/v1/admin/apps/${registeredApp.clientId}/rotate-secret`,
    );
    expect(rotated.statusCode).toBe(200);
    const fresh = registered.parse(rotated.json());
    expect(fresh.clientSecret).not.toBe(clientSecret);
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${registeredApp.clientId}:${secret}`).toString('base64')}`;
    const token = (secret: string) =>
      server.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: {
          authorization: basic(secret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials&scope=accounts%3Aread',
      });
    expect((await token(clientSecret)).statusCode).toBe(401);
    expect((await token(fresh.clientSecret)).statusCode).toBe(200);

    const list = await api(admin.token, 'GET', '/api/v1/admin/apps');
    expect(list.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ clientId: registeredApp.clientId })]),
    );
    expect(JSON.stringify(list.json())).not.toContain(fresh.clientSecret);
    const customer = await fundedCustomer(app, 0, 'Dave');
    expect((await api(customer.token, 'GET', '/api/v1/admin/apps')).statusCode).toBe(403);
    const nobody = await server.inject({ method: 'GET', url: '/api/v1/admin/apps' });
    expect(nobody.statusCode).toBe(401);
    const bad = await api(admin.token, 'POST', '/api/v1/admin/apps', {
      name: '',
      redirectUris: ['http://evil.example/cb'],
      scopes: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

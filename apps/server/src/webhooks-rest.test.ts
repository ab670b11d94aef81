import { fundedCustomer, testCard } from '@bank/api/testing/money';
import { createFileWebhookReceiver } from '@bank/api/testing/webhook-receiver';
import { dispatchWebhooks } from '@bank/api/webhooks/dispatcher';
import { createHttpSender } from '@bank/api/webhooks/sender';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, jsonHeaders } from './testing.ts';

const { app, server, as } = await createFileTestServer();
const receiver = await createFileWebhookReceiver();

/** An app's client-credentials token with the webhooks scope (as the OAuth provider issues). */
function appToken(clientId: string, scopes = ['webhooks:manage']) {
  return app.appAccess.issueToken(clientId, scopes);
}

describe('REST /webhooks (an app’s own token, scope webhooks:manage)', () => {
  it('refuses without a token that verifies, without the scope, and with a customer’s token', async () => {
    const none = await server.inject({ method: 'GET', url: '/api/v1/webhooks' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const unknown = await as('not-a-token').get('/api/v1/webhooks');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    const revoked = appToken('app_revoked');
    app.appAccess.revokeToken(revoked);
    expect((await as(revoked).get('/api/v1/webhooks')).statusCode).toBe(401);

    const readOnly = await as(appToken('app_reader', ['transactions:read'])).post(
      '/api/v1/webhooks',
      { url: receiver.url, events: ['transaction.created'] },
    );
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      details: { scope: 'webhooks:manage' },
    });
    expect(readOnly.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="webhooks:manage"',
    );

    const customer = await fundedCustomer(app, 0);
    const forCustomer = app.appAccess.issueToken('app_x', ['webhooks:manage'], customer.id);
    const asCustomer = await as(forCustomer).get('/api/v1/webhooks');
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });

    // A customer's own session is no app token either.
    const session = await as(customer.token).get('/api/v1/webhooks');
    expect(session.statusCode).toBe(401);
  });

  it('subscribes (secret shown once), lists, reads and removes; other apps see none of it', async () => {
    const token = appToken('app_crud');
    const created = await as(token).post('/api/v1/webhooks', {
      url: receiver.url,
      events: ['transaction.created', 'loan.status_changed'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      webhook: {
        id: expect.any(String),
        url: receiver.url,
        events: ['transaction.created', 'loan.status_changed'],
        createdAt: expect.any(String),
      },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    const id: string = body.webhook.id;

    const list = await as(token).get('/api/v1/webhooks');
    expect(list.json()).toEqual({ webhooks: [body.webhook] });
    expect(JSON.stringify(list.json())).not.toContain('whsec_');
    const one = await as(token).get(`/api/v1/webhooks/${id}`);
    expect(one.json()).toEqual({ webhook: body.webhook });

    const other = appToken('app_other');
    for (const method of ['GET', 'DELETE'] as const) {
      const theirs = await server.inject({
        method,
        url: `/api/v1/webhooks/${id}`,
        headers: jsonHeaders(other),
      });
      expect(theirs.statusCode).toBe(404);
    }
    expect((await as(other).get('/api/v1/webhooks')).json()).toEqual({ webhooks: [] });

    const removed = await as(token).delete(`/api/v1/webhooks/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Webhook removed' });
    expect((await as(token).get(`/api/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect((await as(token).get('/api/v1/webhooks/not-an-id')).statusCode).toBe(404);
  });

  it('answers 400 with a stable code for bad input and for a URL webhooks may not reach', async () => {
    const token = appToken('app_input');
    const badEvents = await as(token).post('/api/v1/webhooks', {
      url: receiver.url,
      events: ['transaction.deleted'],
    });
    expect(badEvents.statusCode).toBe(400);
    expect(badEvents.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const none = await as(token).post('/api/v1/webhooks', { url: receiver.url, events: [] });
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'events', message: 'Choose at least one event' }],
    });
    // Outside production only this machine may be called.
    for (const url of [
      'https://partner.example.com/hooks',
      'http://10.0.0.8/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://user:pw@127.0.0.1/hooks',
    ]) {
      const refused = await as(token).post('/api/v1/webhooks', {
        url,
        events: ['transaction.created'],
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    }
  });

  it('is in the OpenAPI document with the oauth2 scope', async () => {
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/webhooks', 'post'],
      ['/webhooks', 'get'],
      ['/webhooks/{id}', 'get'],
      ['/webhooks/{id}', 'delete'],
    ] as const) {
      expect(document.paths[path][method].security, `${method} ${path}`).toEqual([
        { oauth2: ['webhooks:manage'] },
      ]);
    }
    expect(document.paths['/webhooks'].post.responses['201']).toBeDefined();
    expect(document.components.securitySchemes.oauth2).toMatchObject({ type: 'oauth2' });
    expect(document.paths['/admin/webhooks/{id}/deliveries'].get).toBeDefined();
    expect(
      document.paths['/admin/webhooks/deliveries/{id}/replay'].post.responses['202'],
    ).toBeDefined();
  });
});

describe('REST admin delivery log', () => {
  it('shows an app’s deliveries to administrators and replays one; nobody else', async () => {
    const token = appToken('app_logged');
    const created = (
      await as(token).post('/api/v1/webhooks', {
        url: receiver.url,
        events: ['transaction.created'],
      })
    ).json();
    const customer = await fundedCustomer(app, 0);
    app.appAccess.grant('app_logged', customer.id);
    await customer.caller.transactions.deposit({ amount: 25, method: 'card', ...testCard });
    // Its event reaches the webhook queue once announced (decision 048).
    await app.deps.ledger.announced();
    await dispatchWebhooks({
      db: app.db,
      appAccess: app.appAccess,
      encryptionKey: app.deps.encryptionKey,
      sender: createHttpSender({ policy: 'loopback' }),
      now: () => new Date(),
    });
    const hit = receiver.received.at(-1);
    expect(hit).toBeDefined();
    expect(
      new Webhook(created.secret).verify(hit?.body ?? '', {
        'webhook-id': String(hit?.headers['webhook-id']),
        'webhook-timestamp': String(hit?.headers['webhook-timestamp']),
        'webhook-signature': String(hit?.headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'transaction.created', data: { customerId: customer.id } });

    const admin = await fundedCustomer(app, 0, 'Staff');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const url = `/api/v1/admin/webhooks/${created.webhook.id}/deliveries`;
    expect((await as(customer.token).get(url)).statusCode).toBe(403);
    // The app's own token is known (OAuth) but no app may call a staff operation.
    const asApp = await as(token).get(url);
    expect(asApp.statusCode).toBe(403);
    expect(asApp.json()).toMatchObject({ code: 'APP_NOT_ALLOWED' });
    const log = await as(admin.token).get(url);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({
      webhook: { id: created.webhook.id, clientId: 'app_logged', delivered: 1, pending: 0 },
      total: 1,
      deliveries: [
        { status: 'delivered', attempts: 1, lastStatusCode: 200, eventType: 'transaction.created' },
      ],
    });
    const deliveryId: string = log.json().deliveries[0].id;
    const replay = await as(admin.token).post(
      `/api/v1/admin/webhooks/deliveries/${deliveryId}/replay`,
    );
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toMatchObject({
      message: 'The delivery will be sent again now',
      delivery: { id: deliveryId, status: 'pending' },
    });
    const missing = await as(admin.token).post(
      '/api/v1/admin/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay',
    );
    expect(missing.statusCode).toBe(404);
  });
});

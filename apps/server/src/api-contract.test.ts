import { fundedCustomer } from '@bank/api/testing/money';
import { bankSettings } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildTestServer,
  createFileTestServer,
  fieldRefused,
  requestBodySchema,
  resolveRef,
  ruleRefused,
} from './testing.ts';

// From the API review for integrators: what an integrator met when using /api/v1 as a new user would.

const lines: string[] = [];
const { app, server, as } = await createFileTestServer({
  logLevel: 'info',
  logStream: { write: (line) => lines.push(line) },
});

const json = { 'content-type': 'application/json' };
const logged = () => lines.map((line) => z.record(z.string(), z.unknown()).parse(JSON.parse(line)));

describe('errors an integrator can act on', () => {
  it('keeps the maintenance 503 message with Retry-After, and logs no error for it', async () => {
    const alice = await fundedCustomer(app, 10);
    await app.db.update(bankSettings).set({ maintenanceMode: true });
    app.deps.settings.forget();
    try {
      lines.length = 0;
      const response = await as(alice.token).get('/api/v1/transactions/balance');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(ruleRefused('MAINTENANCE', messages.maintenance));
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(logged().filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      await app.db.update(bankSettings).set({ maintenanceMode: false });
      app.deps.settings.forget();
    }
  });

  it('answers 405 with Allow for a known path asked with another method', async () => {
    const response = await server.inject({ method: 'PATCH', url: '/api/v1/cards' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, POST, HEAD');
    expect(response.json().message).toBe('PATCH is not allowed here. Allowed: GET, POST, HEAD.');
    const withId = await server.inject({
      method: 'POST',
      url: '/api/v1/cards/00000000-0000-0000-0000-000000000000',
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('PUT, DELETE');
    const unknown = await server.inject({ method: 'PATCH', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });

  it('says what is wrong in words, not in the validator’s terms', async () => {
    const alice = await fundedCustomer(app, 0);
    const page = await as(alice.token).get('/api/v1/cards?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual(fieldRefused('page', 'Page must be at least 1'));
    const preferences = await as(alice.token).put('/api/v1/auth/notification-preferences', {
      transactionNotifications: 'yes',
      securityAlerts: true,
    });
    expect(preferences.statusCode).toBe(400);
    expect(preferences.json().details).toEqual([
      {
        field: 'transactionNotifications',
        message: 'Transaction notifications must be true or false',
      },
      { field: 'marketingCommunications', message: 'Marketing communications is required' },
    ]);
  });

  it('names the problem in a malformed JSON body', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: json,
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('The request body is not valid JSON');
    expect(body.details).toHaveLength(1);
    expect(body.details[0].field).toBe('body');
    expect(body.details[0].message).toMatch(/JSON/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the body as application/json',
    });
  });

  it('answers 429 with Retry-After', async () => {
    const { email } = await app.registerVerified();
    const attempt = () =>
      server.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: json,
        payload: { email, password: 'Wrong!Passw0rd' },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyRequests });
    expect(refused.headers['retry-after']).toBe('900');
  });
});

describe('X-Request-Id', () => {
  it('is on every answer, the caller’s own when well formed, and in the request’s log lines', async () => {
    const fresh = await server.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    lines.length = 0;
    const own = await server.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { 'x-request-id': 'client-42.retry:1' },
    });
    expect(own.headers['x-request-id']).toBe('client-42.retry:1');
    expect(logged().some((line) => line.reqId === 'client-42.retry:1')).toBe(true);
    const hostile = await server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await server.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(notFound.headers['x-request-id']).toBeDefined();
  });
});

describe('CORS', () => {
  const preflight = (target: FastifyInstance, origin: string) =>
    target.inject({
      method: 'OPTIONS',
      url: '/api/v1/transactions/transfer',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });

  it('answers a preflight, allowing no origin by default', async () => {
    const response = await preflight(server, 'https://app.example.com');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the configured origins, Bearer only (no credentials)', async () => {
    const configured = await buildTestServer(app.deps, {
      corsOrigins: ['https://app.example.com'],
    });
    try {
      const allowed = await preflight(configured, 'https://app.example.com');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Idempotency-Key/);
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const other = await preflight(configured, 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const alice = await fundedCustomer(app, 0);
      const call = await configured.inject({
        method: 'GET',
        url: '/api/v1/transactions/balance',
        headers: { origin: 'https://app.example.com', authorization: `Bearer ${alice.token}` },
      });
      expect(call.statusCode).toBe(200);
      expect(call.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(call.headers['access-control-expose-headers'])).toMatch(/X-Request-Id/);
    } finally {
      await configured.close();
    }
  });
});

const jsonObject = z.record(z.string(), z.unknown());
const operationSchema = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()),
  parameters: z.array(jsonObject).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), jsonObject) }).optional(),
  responses: z.record(z.string(), jsonObject),
});
const documentSchema = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  components: z.looseObject({ schemas: z.record(z.string(), jsonObject) }),
});

describe('the OpenAPI document', () => {
  let doc: z.infer<typeof documentSchema>;
  beforeAll(async () => {
    const response = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    doc = documentSchema.parse(response.json());
  });
  const operation = (path: string, method: string) => {
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not documented`);
    return found;
  };
  const parameters = (path: string, method: string) =>
    (operation(path, method).parameters ?? []).map((p) => resolveRef(doc, p));
  const statuses = (path: string, method: string) => Object.keys(operation(path, method).responses);

  it('asks for path ids only in the path', () => {
    for (const [path, method] of [
      ['/cards/{id}', 'put'],
      ['/banks/{id}', 'put'],
      ['/users/{id}/block', 'put'],
      ['/loans/{id}/repay', 'post'],
    ] as const) {
      const body = requestBodySchema(doc, path, method);
      expect(body.properties ?? {}, `${method} ${path}`).not.toHaveProperty('id');
      expect(body.required ?? [], `${method} ${path}`).not.toContain('id');
      expect(parameters(path, method)).toContainEqual(
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
      );
    }
  });

  it('documents the union body of POST /transactions', () => {
    const body = requestBodySchema(doc, '/transactions', 'post');
    expect(body.oneOf).toHaveLength(3);
  });

  it('takes Idempotency-Key as a header parameter, not in the body', () => {
    for (const path of ['/transactions/transfer', '/transactions/deposit', '/transactions']) {
      expect(parameters(path, 'post')).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      );
      expect(JSON.stringify(requestBodySchema(doc, path, 'post'))).not.toContain('idempotencyKey');
    }
  });

  it('lists every status that can occur', () => {
    expect(statuses('/transactions/transfer', 'post')).toEqual(
      expect.arrayContaining([
        '201',
        '400',
        '401',
        '403',
        '409',
        '413',
        '415',
        '422',
        '429',
        '503',
      ]),
    );
    expect(statuses('/transactions/{id}', 'get')).toContain('404');
    expect(statuses('/auth/login', 'post')).toContain('429');
    // Wrong password 401, blocked 403, maintenance 503 (orval could not compare them).
    expect(statuses('/auth/login', 'post')).toEqual(expect.arrayContaining(['401', '403', '503']));
    // Refusals the users' state makes (an e-mail taken, the last administrator, money left).
    expect(statuses('/users', 'post')).toContain('409');
    expect(statuses('/users/{id}', 'put')).toContain('409');
    expect(statuses('/users/{id}', 'delete')).toContain('409');
    expect(statuses('/users/{id}/block', 'put')).toContain('409');
  });

  it('documents the CSV export as text/csv', () => {
    const ok = resolveRef(doc, operation('/transactions/export', 'get').responses['200']);
    expect(Object.keys(jsonObject.parse(ok.content))).toEqual(['text/csv']);
  });

  it('names every operation once, tags it with a described tag, and uses named schemas with formats', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('/transactions/{id}', 'get').operationId).toBe('getTransactionsById');
    const tags = doc.tags.map((tag) => tag.name);
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) expect(tags).toContain(op.tags[0]);
    }
    expect(doc.components.schemas).toMatchObject({
      Money: { type: 'number' },
      Transaction: {
        properties: { id: { format: 'uuid' }, createdAt: { format: 'date-time' } },
      },
      User: { properties: { email: { format: 'email' } } },
    });
    expect(operation('/auth/login', 'post').requestBody?.content['application/json']).toMatchObject(
      { example: { email: 'alice@demo.bank' } },
    );
  });
});

import { restRoutes } from '@bank/api/rest/routes';
import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileTestServer, jsonHeaders } from './testing.ts';

// The contract defects found with other tools (Spectral, ajv, hey-api, orval): each
// kept fixed here.

type Json = Record<string, unknown>;

let doc: {
  info: { description: string; contact: { url: string }; license: { url: string } };
  externalDocs: { url: string };
  paths: Record<string, Record<string, Json & { parameters?: Json[]; responses: Json }>>;
  components: Record<string, Record<string, Json>>;
};
const { app, server, as } = await createFileTestServer();
beforeAll(async () => {
  doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});

/** ajv in strict mode over the document's own schemas (JSON Schema 2020-12, as OpenAPI 3.1). */
function strictAjv() {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own annotations and its `binary` format, which JSON Schema does not define.
  ajv.addKeyword({
    keyword: 'example',
    schemaType: ['string', 'number', 'object', 'array', 'boolean', 'null'],
  });
  ajv.addFormat('binary', true);
  ajv.addKeyword({ keyword: 'components' });
  ajv.addSchema({ $id: 'openapi', components: { schemas: doc.components.schemas } });
  return ajv;
}
const componentRef = (name: string) => ({ $ref: `openapi#/components/schemas/${name}` });

describe('the OpenAPI document', () => {
  it('documents POST /auth/login’s 401 and 403', () => {
    expect(Object.keys(doc.paths['/auth/login']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['401', '403']),
    );
  });

  it('has a Money schema that strict ajv accepts for every cent value from 0.00 to 999.99', () => {
    const validate = strictAjv().compile(componentRef('Money'));
    const refused: number[] = [];
    for (let cents = 0; cents < 100_000; cents += 1) {
      const value = Number((cents / 100).toFixed(2));
      if (!validate(value)) refused.push(value);
    }
    expect(refused).toEqual([]);
    expect(validate(19.99)).toBe(true);
  });

  it('documents the attachment routes as one multipart form with binary files', () => {
    for (const path of ['/support/tickets', '/support/tickets/{id}/messages']) {
      const body = doc.paths[path]?.post?.requestBody as { content: Record<string, Json> };
      expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
      const ref = String((body.content['multipart/form-data']?.schema as Json).$ref);
      const form = doc.components.schemas?.[ref.split('/').at(-1) ?? ''] as {
        properties: { attachments: { items: Json } };
      };
      expect(form.properties.attachments.items).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('has absolute contact and licence URLs and links the integrator guide it serves', async () => {
    expect(new URL(doc.info.contact.url).protocol).toMatch(/^https?:$/);
    expect(new URL(doc.info.license.url).protocol).toMatch(/^https?:$/);
    const guideUrl = new URL(doc.externalDocs.url);
    expect(guideUrl.pathname).toBe('/api/docs/integrators');
    expect(doc.info.description).toContain(doc.externalDocs.url);
    const guide = await server.inject({ method: 'GET', url: guideUrl.pathname });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toMatch(/^text\/html/);
    expect(guide.body).toContain('<h1>Building on the Horizon Bank API</h1>');
    expect(guide.body).toContain('<code>INSUFFICIENT_FUNDS</code>');
    const style = await server.inject({ method: 'GET', url: '/api/docs/integrators.css' });
    expect(style.statusCode).toBe(200);
    // The reference page names it too, for readers without JavaScript.
    const reference = await server.inject({ method: 'GET', url: '/api/docs' });
    expect(reference.body).toContain('href="/api/docs/integrators"');
  });

  it('gives every money-moving operation its own example Idempotency-Key', () => {
    const examples = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.name === 'Idempotency-Key')
          .map((parameter) => String(parameter.example)),
      ),
    );
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(new Set(examples).size).toBe(examples.length);
    for (const example of examples) expect(example).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('answer examples', () => {
  it('are realistic answers: each validates against its schema under strict ajv', () => {
    const ajv = strictAjv();
    const checked: string[] = [];
    const problems: string[] = [];
    const check = (where: string, media: Json | undefined) => {
      if (!media || media.example === undefined) return;
      const schema = media.schema as Json;
      const validate = ajv.compile(
        typeof schema.$ref === 'string' ? { $ref: `openapi${schema.$ref}` } : schema,
      );
      checked.push(where);
      if (!validate(media.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const content = (response as Json).content as Record<string, Json> | undefined;
          check(`${method} ${path} ${status}`, content?.['application/json']);
        }
      }
    }
    for (const [name, response] of Object.entries(doc.components.responses ?? {})) {
      check(name, (response.content as Record<string, Json>)['application/json']);
    }
    expect(problems).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining([
        'post /transactions/transfer 201',
        'post /transactions/transfer 200',
        'get /transactions 200',
        'BadRequest',
      ]),
    );
  });
});

describe('path ids', () => {
  it('answers 404 NOT_FOUND for a malformed id on every operation with one, as documented', async () => {
    const admin = await app.registerVerified();
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const { token } = await app.signIn(admin.email);
    // Apps' routes take the app's own OAuth token, not a session.
    const appToken = app.appAccess.issueToken('app_contract', ['webhooks:manage']);
    const withIds = restRoutes.filter((route) => route.path.includes(':'));
    expect(withIds.length).toBeGreaterThanOrEqual(13);
    for (const route of withIds) {
      const url = `/api/v1${route.path.replace(/:[A-Za-z]+/g, 'not-an-id')}`;
      const answer = await server.inject({
        method: route.method,
        url,
        headers: jsonHeaders(route.access === 'app' ? appToken : token),
        ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
      });
      expect({ route: `${route.method} ${route.path}`, status: answer.statusCode }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 404,
      });
      expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      const documented =
        doc.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()]
          ?.responses;
      expect(Object.keys(documented ?? {})).toContain('404');
    }
  });
});

describe('PUT /loans/{id}', () => {
  it('edits part of a pending application, keeping the fields not sent', async () => {
    const alice = await fundedCustomer(app, 0);
    const created = await as(alice.token).post('/api/v1/loans', {
      type: 'personal',
      amount: 5000,
      term: 24,
      purpose: 'Kitchen renovation',
      employmentStatus: 'employed',
      monthlyIncome: 4200,
      existingLoans: false,
      collateral: { type: 'vehicle', value: 9000, description: '2019 Honda Civic' },
    });
    expect(created.statusCode).toBe(201);
    const { loan } = created.json();
    const edited = await as(alice.token).put(`/api/v1/loans/${loan.id}`, {
      amount: 6500,
      collateral: { value: 9500 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().loan).toMatchObject({
      amount: 6500,
      term: 24,
      purpose: 'Kitchen renovation',
      monthlyIncome: 4200,
      collateral: { type: 'vehicle', value: 9500, description: '2019 Honda Civic' },
      version: 2,
    });
    const invalid = await as(alice.token).put(`/api/v1/loans/${loan.id}`, { amount: -1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'amount', message: 'Amount must be positive' }],
    });
  });
});

describe('GET /transactions by cursor', () => {
  it('never repeats or skips a row while new ones land, and offset paging still works', async () => {
    const alice = await fundedCustomer(app, 1000);
    const bob = await fundedCustomer(app, 0);
    const send = async (amount: number) => {
      const answer = await as(alice.token).post('/api/v1/transactions/transfer', {
        recipientAccountNumber: bob.accountNumber,
        amount,
      });
      expect(answer.statusCode).toBe(201);
      return answer.json().transaction.id as string;
    };
    for (let i = 1; i <= 7; i += 1) await send(i);
    const list = (query: string) => as(alice.token).get(`/api/v1/transactions?${query}`);
    const before = (await list('limit=100')).json().data.map((row: { id: string }) => row.id);
    expect(before).toHaveLength(8); // the deposit and seven transfers

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      seen.push(...body.data.map((row: { id: string }) => row.id));
      cursor = body.nextCursor;
      pages += 1;
      // A new transaction lands after every page.
      await send(50 + pages);
    } while (cursor !== null);
    expect(seen).toEqual(before);
    expect(pages).toBe(3);

    // Offset paging, the web app's, answers as before (with a cursor to go on from its page).
    const page2 = (await list('page=2&limit=3')).json();
    expect(page2).toMatchObject({ page: 2, limit: 3, count: 3 });
    expect(typeof page2.nextCursor).toBe('string');
    const bad = await list('cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'cursor', message: 'Invalid cursor' }],
    });
  });
});

describe('recorded answers', () => {
  it('validate against the document under strict ajv', async () => {
    const ajv = strictAjv();
    const alice = await fundedCustomer(app, 120.37, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const recorded: Array<{ path: string; method: string; status: number; body: unknown }> = [];
    const call = async (method: 'GET' | 'POST', url: string, path: string, payload?: object) => {
      const answer = await server.inject({
        method,
        url: `/api/v1${url}`,
        headers: jsonHeaders(alice.token),
        ...(payload ? { payload } : {}),
      });
      recorded.push({
        path,
        method: method.toLowerCase(),
        status: answer.statusCode,
        body: answer.json(),
      });
      return answer;
    };
    await call('GET', '/auth/me', '/auth/me');
    await call('GET', '/transactions/balance', '/transactions/balance');
    const transfer = { recipientAccountNumber: bob.accountNumber, amount: 19.99 };
    await call('POST', '/transactions/transfer?dryRun=true', '/transactions/transfer', transfer);
    const sent = await call('POST', '/transactions/transfer', '/transactions/transfer', transfer);
    await call('POST', '/transactions/transfer', '/transactions/transfer', {
      ...transfer,
      amount: 5000,
    });
    await call('GET', '/transactions?limit=2', '/transactions');
    await call('GET', `/transactions/${sent.json().transaction.id}`, '/transactions/{id}');
    await call('GET', '/transactions/not-an-id', '/transactions/{id}');
    await call('POST', '/transactions/transfer', '/transactions/transfer', { amount: 'x' });
    expect(recorded.map((answer) => answer.status)).toEqual([
      200, 200, 200, 201, 400, 200, 200, 404, 400,
    ]);

    const problems: string[] = [];
    for (const answer of recorded) {
      let response = doc.paths[answer.path]?.[answer.method]?.responses[
        String(answer.status)
      ] as Json;
      if (typeof response.$ref === 'string') {
        const [, , kind = '', name = ''] = response.$ref.split('/');
        response = doc.components[kind]?.[name] ?? {};
      }
      const schema = (response.content as Record<string, { schema: { $ref: string } }>)[
        'application/json'
      ]?.schema;
      const validate = ajv.compile({ $ref: `openapi${schema?.$ref}` });
      if (!validate(answer.body)) {
        problems.push(
          `${answer.method} ${answer.path} ${answer.status}: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});

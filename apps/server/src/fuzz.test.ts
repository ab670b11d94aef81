import { createSession } from '@bank/api/auth/sessions';
import { fundedCustomer, ledgerInvariant } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileTestServer } from './testing.ts';

// From the security review: every REST operation of the OpenAPI document, driven with generated hostile values
// (wrong types, bounds, unicode, nesting): never a 5xx, always the `{message, details}` error
// shape, and the ledger's invariant holds afterwards. A fixed seed and a bounded number of runs
// keep it repeatable and under a minute in CI.

const SEED = 20_261_123;
const RUNS_PER_OPERATION = 30;

type Schema = Record<string, unknown>;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  body: Schema | null;
}

const { app, server } = await createFileTestServer();
const tokens: Record<'customer' | 'admin', string> = { customer: '', admin: '' };
let operations: Operation[] = [];

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document with every local `$ref` replaced by what it names (it has no cycles). */
function inlineRefs(document: Schema): Schema {
  const resolve = (pointer: string): unknown =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (isSchema(node) ? node[key] : undefined), document);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isSchema(value)) return value;
    if (typeof value.$ref === 'string') return walk(resolve(value.$ref));
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child)]));
  };
  const inlined = walk(document);
  return isSchema(inlined) ? inlined : {};
}

/** The operations of the document as the fuzzer needs them. */
function operationsOf(raw: unknown): Operation[] {
  if (!isSchema(raw)) throw new Error('no document');
  const document = inlineRefs(raw);
  if (!isSchema(document.paths)) throw new Error('no paths');
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!isSchema(methods)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (!isSchema(operation)) continue;
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      const query: Record<string, Schema> = {};
      const pathParams: string[] = [];
      for (const parameter of parameters) {
        if (!isSchema(parameter) || typeof parameter.name !== 'string') continue;
        if (parameter.in === 'path') pathParams.push(parameter.name);
        if (parameter.in === 'query' && isSchema(parameter.schema))
          query[parameter.name] = parameter.schema;
      }
      const content = isSchema(operation.requestBody) ? operation.requestBody.content : null;
      const json = isSchema(content) ? content['application/json'] : null;
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST' && upper !== 'PUT' && upper !== 'DELETE') continue;
      found.push({
        method: upper,
        path,
        pathParams,
        query,
        body: isSchema(json) && isSchema(json.schema) ? json.schema : null,
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------- values

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\udc00',
  'x\ud83d',
  '💸🏦',
  'Ω≈ç√∫',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'a'.repeat(10_000),
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  ['$', '{7*7}{{7*7}}'].join(''),
  '1990-13-45',
  '0000-00-00',
  '2026-02-30',
  '9999-99-99',
  '1e308',
  '-1',
  '0.001',
  'NaN',
  'Infinity',
  'true',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
];

const hostileNumbers = [
  0,
  -0,
  -1,
  5e-324,
  1e-9,
  0.001,
  0.005,
  0.1 + 0.2,
  1e308,
  -1e308,
  1e20,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  10_000_000.01,
];

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** Values of the wrong shape: arrays, objects, nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 4 }) },
);

function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string();
  }
}

/** Mostly valid values from the operation's own schema, so requests get past the first check. */
function fromSchema(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const arbitraries = options.filter(isSchema).map((option) => fromSchema(option, depth));
      if (arbitraries.length > 0) return fc.oneof(...arbitraries);
    }
  }
  const bound = (name: string) => (typeof schema[name] === 'number' ? schema[name] : undefined);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (typeof schema.pattern === 'string') return patternArbitrary(schema.pattern);
      return fc.string({ maxLength: Math.min(bound('maxLength') ?? 40, 200) });
    case 'number':
      return fc.oneof(
        fc.double({ min: bound('minimum') ?? -1e6, max: bound('maximum') ?? 1e6, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }).map((cents) => cents / 100),
      );
    case 'integer':
      return fc.integer({
        min: Math.max(bound('minimum') ?? -1000, -1e9),
        max: Math.min(bound('maximum') ?? 1000, 1e9),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 || !isSchema(schema.items)
        ? fc.constant([])
        : fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, depth + 1);
    default:
      return hostileValue;
  }
}

/** An object with the schema's keys, each valid or hostile, some left out, some added. */
function objectOf(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    fields[name] = fc.oneof(
      { weight: 3, arbitrary: isSchema(property) ? fromSchema(property, depth) : hostileValue },
      { weight: 2, arbitrary: hostileValue },
    );
  }
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('extra', 'isAdmin', 'role', 'balance', 'userId'),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** A nesting far deeper than any schema: parsers and validators must not fall over. */
const deepNesting = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
});

function bodyOf(schema: Schema | null): fc.Arbitrary<unknown> {
  const wholeBodies = fc.oneof(hostileValue, deepNesting, fc.constant([]));
  if (!schema) return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, wholeBodies);
  return fc.oneof(
    { weight: 6, arbitrary: objectOf(schema) },
    { weight: 1, arbitrary: wholeBodies },
  );
}

/** URL text for any value: a lone surrogate has no UTF-8, so it goes as the raw bytes of one. */
function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

const authorizations = fc.constantFrom(
  'none',
  'customer',
  'customer',
  'admin',
  'malformed',
  'forged',
) satisfies fc.Arbitrary<string>;

function headersFor(auth: string, idempotencyKey: unknown): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth === 'customer') headers.authorization = `Bearer ${tokens.customer}`;
  if (auth === 'admin') headers.authorization = `Bearer ${tokens.admin}`;
  if (auth === 'malformed') headers.authorization = 'Bearer x y';
  if (auth === 'forged')
    headers.authorization = 'Bearer aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
  if (typeof idempotencyKey === 'string' && /^[\x20-\x7e]*$/.test(idempotencyKey)) {
    headers['idempotency-key'] = idempotencyKey;
  }
  return headers;
}

function requestOf(operation: Operation) {
  return fc.record({
    auth: authorizations,
    pathValues: fc.tuple(
      ...operation.pathParams.map(() =>
        fc.oneof(fc.uuid(), fc.constantFrom(...hostileStrings), fc.string({ unit: 'binary' })),
      ),
    ),
    query: objectOf({ properties: operation.query }),
    body: bodyOf(operation.body),
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom(...hostileStrings))),
  });
}

// ---------------------------------------------------------------- the property

const errorShape = (body: unknown) => {
  if (!isSchema(body) || typeof body.message !== 'string' || body.message === '') return false;
  if (body.details === undefined) return true;
  return (
    Array.isArray(body.details) &&
    body.details.every(
      (detail) =>
        isSchema(detail) && typeof detail.field === 'string' && typeof detail.message === 'string',
    )
  );
};

/** Fresh sessions each run: a fuzzed logout or block must not end the next run's. */
async function freshSessions(customerId: string, adminId: string) {
  const session = (userId: string) =>
    createSession(app.db, {
      userId,
      persistent: false,
      twoFactorVerified: true,
      ip: null,
      userAgent: 'fuzz',
    });
  tokens.customer = (await session(customerId)).token;
  tokens.admin = (await session(adminId)).token;
}

let customerId = '';
let adminId = '';

beforeAll(async () => {
  const document = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  operations = operationsOf(document.json());
  const customer = await fundedCustomer(app, 500);
  const staff = await fundedCustomer(app, 100);
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.id));
  customerId = customer.id;
  adminId = staff.id;
});

describe('every REST operation, fuzzed', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it(
    'never answers 5xx, always with the error shape, and leaves the ledger whole',
    {
      timeout: 120_000,
    },
    async () => {
      const before = await ledgerInvariant(app.db);
      expect(before).toMatchObject({ mismatched: 0, entriesSum: 0n, negativeCustomerBalances: 0 });
      for (const [index, operation] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(requestOf(operation), async (request) => {
            // Blocked by an earlier run? Unblock: the next run needs its customers.
            await app.db
              .update(users)
              .set({ isBlocked: false })
              .where(inArray(users.id, [customerId, adminId]));
            await freshSessions(customerId, adminId);
            let url = `/api/v1${operation.path}`;
            operation.pathParams.forEach((name, n) => {
              url = url.replace(`{${name}}`, urlText(request.pathValues[n]));
            });
            const query = Object.entries(request.query)
              .map(([name, value]) => `${urlText(name)}=${urlText(value)}`)
              .join('&');
            const response = await server.inject({
              method: operation.method,
              url: query ? `${url}?${query}` : url,
              headers: headersFor(request.auth, request.idempotencyKey),
              ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
            });
            const where = `${operation.method} ${url} (${response.statusCode})`;
            expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(
              500,
            );
            if (response.statusCode >= 400) {
              expect(errorShape(response.json()), `${where}: ${response.body.slice(0, 300)}`).toBe(
                true,
              );
            }
          }),
          { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      }
      expect(await ledgerInvariant(app.db)).toEqual(before);
    },
  );
});

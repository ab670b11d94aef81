import { restRoutes } from '@bank/api/rest/routes';
import { fundedCustomer } from '@bank/api/testing/money';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, jsonHeaders } from './testing.ts';

// A customer calling admin routes got 400 listing the fields instead of 403. Who is
// asking is judged before what they ask, on every route the REST adapter serves.

const { app, server, as } = await createFileTestServer();

/** Wrong in every way a field can be: types, ranges, unknown values. */
const badFields = {
  page: 'first',
  limit: -5,
  status: 'nonsense',
  role: 42,
  amount: 'lots',
  blocked: 'maybe',
  bankName: '',
  email: 'not-an-e-mail',
  startDate: 'yesterday',
};

function badRequest(route: { method: string; path: string }) {
  const url = `/api/v1${route.path.replace(/:[A-Za-z]+/g, 'not-a-uuid')}`;
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams(
      Object.fromEntries(Object.entries(badFields).map(([k, v]) => [k, String(v)])),
    );
    return { method: route.method, url: `${url}?${query}` } as const;
  }
  return { method: route.method, url, payload: badFields } as const;
}

const staffOnly = restRoutes.filter(
  (route) => route.access === 'admin' || route.access === 'staff',
);

describe('authorization before validation', () => {
  it('has staff-only routes to walk', () => {
    expect(staffOnly.length).toBeGreaterThan(15);
  });

  it('answers a customer 403 on every staff-only route, whatever the body', async () => {
    const customer = await fundedCustomer(app, 0);
    const answers = [];
    for (const route of staffOnly) {
      const request = badRequest(route);
      const response = await server.inject({
        ...request,
        headers: jsonHeaders(customer.token),
      });
      answers.push({ route: `${route.method} ${route.path}`, status: response.statusCode });
    }
    expect(answers.filter((answer) => answer.status !== 403)).toEqual([]);
  });

  it('answers nobody 401 on every route that needs a session, whatever the body', async () => {
    const answers = [];
    for (const route of restRoutes) {
      if (route.access === 'public' || route.access === 'development') continue;
      const response = await server.inject({
        ...badRequest(route),
        headers: jsonHeaders(),
      });
      answers.push({ route: `${route.method} ${route.path}`, status: response.statusCode });
    }
    expect(answers.filter((answer) => answer.status !== 401)).toEqual([]);
  });

  it('answers a customer 403 for a loan decision with a bad body on their own application', async () => {
    const customer = await fundedCustomer(app, 0);
    const response = await as(customer.token).put(`/api/v1/loans/${crypto.randomUUID()}`, {
      status: 'approved',
      version: 'latest',
      amount: 'lots',
    });
    expect(response.statusCode).toBe(403);
  });
});

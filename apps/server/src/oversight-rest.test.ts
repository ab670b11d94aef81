import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerHeaders, createFileTestServer, fieldRefused, requestsAs } from './testing.ts';

// For the administrators' oversight screens: the dashboard, analytics and security paths over REST, admin only.

const { app, server } = await createFileTestServer();

// As an integrator calls: the token only, no content type on a request without a body.
const as = requestsAs(server, bearerHeaders);

async function signedIn(role: 'user' | 'admin' | 'support') {
  const person = await fundedCustomer(app, role === 'user' ? 250 : 0);
  if (role !== 'user') await app.db.update(users).set({ role }).where(eq(users.id, person.id));
  return person;
}

const paths: Array<[method: 'GET' | 'DELETE', url: string]> = [
  ['GET', '/api/v1/admin/stats'],
  ['GET', '/api/v1/admin/activity'],
  ['GET', '/api/v1/admin/analytics?days=7'],
  ['GET', '/api/v1/admin/analytics/export?days=30'],
  ['GET', '/api/v1/admin/sessions'],
  ['DELETE', '/api/v1/admin/sessions/abcdefghijklmnopqrstuvwx'],
  ['GET', '/api/v1/admin/sign-in-failures?days=1'],
  ['GET', '/api/v1/admin/audit-log?event=user.blocked'],
];

describe('REST oversight paths', () => {
  it.each(paths)('%s %s: 401 signed out, 403 for customers and support', async (method, url) => {
    const customer = await signedIn('user');
    const agent = await signedIn('support');
    expect((await server.inject({ method, url })).statusCode).toBe(401);
    const asCustomer = await server.inject({ method, url, headers: bearerHeaders(customer.token) });
    expect(asCustomer.statusCode).toBe(403);
    const asAgent = await server.inject({ method, url, headers: bearerHeaders(agent.token) });
    expect(asAgent.statusCode).toBe(403);
  });

  it('answers the stats, the analytics and the CSV file to an administrator', async () => {
    const admin = await signedIn('admin');
    const stats = await as(admin.token).get('/api/v1/admin/stats');
    expect(stats.statusCode).toBe(200);
    expect(Object.keys(stats.json()).sort()).toEqual([
      'activeLoans',
      'monthlyRevenue',
      'openTickets',
      'securityAlerts',
      'totalTransactions',
      'totalUsers',
    ]);
    expect(stats.json().totalUsers).toBeGreaterThanOrEqual(1);

    const analytics = await as(admin.token).get('/api/v1/admin/analytics?days=90');
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().signUps).toHaveLength(90);

    const bad = await as(admin.token).get('/api/v1/admin/analytics?days=365');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(fieldRefused('days', 'Period must be 7, 30 or 90 days'));

    const csv = await as(admin.token).get('/api/v1/admin/analytics/export?days=7');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="analytics.csv"');
    expect(csv.body.split('\n')[0]).toBe('metric,day,category,count,amount_usd');
  });

  it('lists open sessions and ends one over DELETE', async () => {
    const admin = await signedIn('admin');
    const customer = await signedIn('user');
    const sessionId = customer.token.split('.')[0] ?? '';
    const list = await as(admin.token).get(
      `/api/v1/admin/sessions?user=${encodeURIComponent(customer.email)}`,
    );
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: sessionId }] });

    const ended = await as(admin.token).delete(`/api/v1/admin/sessions/${sessionId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: 'The session was signed out' });
    const after = await as(customer.token).get('/api/v1/transactions/balance');
    expect(after.statusCode).toBe(401);
    const again = await as(admin.token).delete(`/api/v1/admin/sessions/${sessionId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Session not found' });
    expect(await app.deps.sessions.validate(customer.token)).toBeNull();
  });

  it('groups failed sign-ins by address', async () => {
    const admin = await signedIn('admin');
    const failed = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      payload: { email: 'nobody@example.com', password: 'Wrong!Passw0rd1' },
    });
    expect(failed.statusCode).toBe(401);
    const grouped = await as(admin.token).get('/api/v1/admin/sign-in-failures?days=1');
    expect(grouped.statusCode).toBe(200);
    expect(grouped.json().data).toContainEqual(
      expect.objectContaining({ attempts: 1, emails: ['nobody@example.com'] }),
    );
  });
});

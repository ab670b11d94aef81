import type { TestApp } from '@bank/api/testing/harness';
import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './testing.ts';

let app: TestApp;
let server: FastifyInstance;
const started = useTestServer();
beforeAll(() => {
  ({ app, server } = started);
});

const headers = (token?: string) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'content-type': 'application/json',
});

async function staff(role: 'admin' | 'support', firstName: string) {
  const person = await fundedCustomer(app, 0, firstName);
  await app.db.update(users).set({ role }).where(eq(users.id, person.id));
  return person;
}

describe('who did what over REST (issue 24)', () => {
  it('answers actor and subject in the audit log, and the customer sees the visit with its reason', async () => {
    const customer = await fundedCustomer(app, 0, 'Cleo');
    const admin = await staff('admin', 'Abe');
    const opened = await server.inject({
      method: 'GET',
      url: `/api/v1/users/${customer.id}?reason=${encodeURIComponent('Fraud check')}`,
      headers: headers(admin.token),
    });
    expect(opened.statusCode).toBe(200);
    const log = await server.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?event=staff.viewed_profile',
      headers: headers(admin.token),
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({
      event: 'staff.viewed_profile',
      actor: { id: admin.id, name: 'Abe Customer', email: admin.email, role: 'admin' },
      subject: { id: customer.id, name: 'Cleo Customer', email: customer.email },
      details: { reason: 'Fraud check' },
    });
    const seen = await server.inject({
      method: 'GET',
      url: '/api/v1/auth/staff-activity',
      headers: headers(customer.token),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual([
      {
        id: expect.any(String),
        event: 'staff.viewed_profile',
        kind: 'view',
        role: 'admin',
        reason: 'Fraud check',
        createdAt: expect.any(String),
      },
    ]);
  });
});

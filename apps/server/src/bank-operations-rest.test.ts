import type { TestApp } from '@bank/api/testing/harness';
import { fundedCustomer } from '@bank/api/testing/money';
import { staffMember } from '@bank/api/testing/staff';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, useTestServer } from './testing.ts';

let app: TestApp;
let server: FastifyInstance;
const started = useTestServer();
beforeAll(() => {
  ({ app, server } = started);
});

const staff = (role: 'admin' | 'support', firstName: string) => staffMember(app, role, firstName);

describe('who did what over REST', () => {
  it('answers actor and subject in the audit log, and the customer sees the visit with its reason', async () => {
    const customer = await fundedCustomer(app, 0, 'Cleo');
    const admin = await staff('admin', 'Abe');
    const opened = await server.inject({
      method: 'GET',
      url: `/api/v1/users/${customer.id}?reason=${encodeURIComponent('Fraud check')}`,
      headers: jsonHeaders(admin.token),
    });
    expect(opened.statusCode).toBe(200);
    const log = await server.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?event=staff.viewed_profile',
      headers: jsonHeaders(admin.token),
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
      headers: jsonHeaders(customer.token),
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

describe('freezes and holds over REST', () => {
  it('freezes debits, refuses a transfer with ACCOUNT_FROZEN, lifts; holds answer 201 and release', async () => {
    const customer = await fundedCustomer(app, 100, 'Fay');
    const payee = await fundedCustomer(app, 0, 'Gus');
    const admin = await staff('admin', 'Ann');
    const base = `/api/v1/admin/accounts/${customer.accountNumber}`;
    const frozen = await server.inject({
      method: 'POST',
      url: `${base}/freeze`,
      headers: jsonHeaders(admin.token),
      payload: { mode: 'debits', reason: 'Fraud review' },
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ freeze: { mode: 'debits', expiresAt: null } });
    const refused = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers: jsonHeaders(customer.token),
      payload: { recipientAccountNumber: payee.accountNumber, amount: 5 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_FROZEN',
      reason: 'ACCOUNT_FROZEN',
      message: 'This account is frozen. Please contact support.',
    });
    // Customers and support staff may not freeze.
    const agent = await staff('support', 'Sid');
    for (const token of [customer.token, agent.token]) {
      const denied = await server.inject({
        method: 'DELETE',
        url: `${base}/freeze`,
        headers: jsonHeaders(token),
      });
      expect(denied.statusCode).toBe(403);
    }
    const lifted = await server.inject({
      method: 'DELETE',
      url: `${base}/freeze`,
      headers: jsonHeaders(admin.token),
    });
    expect(lifted.statusCode).toBe(200);
    const held = await server.inject({
      method: 'POST',
      url: `${base}/holds`,
      headers: jsonHeaders(admin.token),
      payload: { amount: 50, reason: 'Disputed deposit', expiresAt: '2099-12-02' },
    });
    expect(held.statusCode).toBe(201);
    const { hold } = held.json();
    expect(hold).toMatchObject({ id: expect.any(String), amount: 50, active: true });
    const beyond = await server.inject({
      method: 'POST',
      url: '/api/v1/transactions/transfer',
      headers: jsonHeaders(customer.token),
      payload: { recipientAccountNumber: payee.accountNumber, amount: 60 },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Insufficient funds: $50.00 available ($50.00 on hold)');
    const released = await server.inject({
      method: 'DELETE',
      url: `/api/v1/admin/holds/${hold.id}`,
      headers: jsonHeaders(admin.token),
    });
    expect(released.statusCode).toBe(200);
    const missing = await server.inject({
      method: 'POST',
      url: '/api/v1/admin/accounts/1234567890/holds',
      headers: jsonHeaders(admin.token),
      payload: { amount: 1, reason: 'None', expiresAt: '2099-12-02' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

import { fundedCustomer } from '@bank/api/testing/money';
import { staffMember } from '@bank/api/testing/staff';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, ruleRefused } from './testing.ts';

const { app, as } = await createFileTestServer();

const staff = (role: 'admin' | 'support', firstName: string) => staffMember(app, role, firstName);

describe('who did what over REST', () => {
  it('answers actor and subject in the audit log, and the customer sees the visit with its reason', async () => {
    const customer = await fundedCustomer(app, 0, 'Cleo');
    const admin = await staff('admin', 'Abe');
    const opened = await as(admin.token).get(
      `/api/v1/users/${customer.id}?reason=${encodeURIComponent('Fraud check')}`,
    );
    expect(opened.statusCode).toBe(200);
    const log = await as(admin.token).get('/api/v1/admin/audit-log?event=staff.viewed_profile');
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({
      event: 'staff.viewed_profile',
      actor: { id: admin.id, name: 'Abe Customer', email: admin.email, role: 'admin' },
      subject: { id: customer.id, name: 'Cleo Customer', email: customer.email },
      details: { reason: 'Fraud check' },
    });
    const seen = await as(customer.token).get('/api/v1/auth/staff-activity');
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
    const frozen = await as(admin.token).post(`${base}/freeze`, {
      mode: 'debits',
      reason: 'Fraud review',
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ freeze: { mode: 'debits', expiresAt: null } });
    const refused = await as(customer.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: payee.accountNumber,
      amount: 5,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(
      ruleRefused('ACCOUNT_FROZEN', 'This account is frozen. Please contact support.'),
    );
    // Customers and support staff may not freeze.
    const agent = await staff('support', 'Sid');
    for (const token of [customer.token, agent.token]) {
      const denied = await as(token).delete(`${base}/freeze`);
      expect(denied.statusCode).toBe(403);
    }
    const lifted = await as(admin.token).delete(`${base}/freeze`);
    expect(lifted.statusCode).toBe(200);
    const held = await as(admin.token).post(`${base}/holds`, {
      amount: 50,
      reason: 'Disputed deposit',
      expiresAt: '2099-12-02',
    });
    expect(held.statusCode).toBe(201);
    const { hold } = held.json();
    expect(hold).toMatchObject({ id: expect.any(String), amount: 50, active: true });
    const beyond = await as(customer.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: payee.accountNumber,
      amount: 60,
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('Insufficient funds: $50.00 available ($50.00 on hold)');
    const released = await as(admin.token).delete(`/api/v1/admin/holds/${hold.id}`);
    expect(released.statusCode).toBe(200);
    const missing = await as(admin.token).post('/api/v1/admin/accounts/1234567890/holds', {
      amount: 1,
      reason: 'None',
      expiresAt: '2099-12-02',
    });
    expect(missing.statusCode).toBe(404);
  });
});

import { fundedCustomer } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestServer, fieldRefused } from './testing.ts';

const { app, server, as } = await createFileTestServer();

const application = {
  type: 'personal',
  amount: 5_000,
  term: 24,
  purpose: 'A used car',
  employmentStatus: 'self-employed',
  monthlyIncome: 4_200.5,
  existingLoans: true,
  collateral: { type: 'vehicle', value: 7_000, description: '2019 sedan' },
  tenure: { months: 24 },
};

describe('REST loans paths (docs/product.md 7)', () => {
  it('runs the whole life of a loan with docs/product.md’s answer shapes', async () => {
    const alice = await fundedCustomer(app, 100);
    const officer = await fundedCustomer(app, 0, 'Officer');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, officer.id));
    const types = await as(alice.token).get('/api/v1/loans/types');
    expect(types.statusCode).toBe(200);
    expect(types.json()).toMatchObject({
      loanTypes: expect.arrayContaining([expect.objectContaining({ type: 'mortgage' })]),
      interestRates: { personal: 12.5, business: 10, mortgage: 6.5 },
    });

    const calculated = await as(alice.token).post('/api/v1/loans/calculate', {
      type: 'personal',
      amount: 5_000,
      term: 24,
    });
    expect(calculated.statusCode).toBe(200);
    expect(calculated.json().schedule).toHaveLength(24);

    const outOfRange = await as(alice.token).post('/api/v1/loans', { ...application, amount: 500 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual(
      fieldRefused('amount', 'Amount must be between $1,000.00 and $50,000.00 for a personal loan'),
    );

    const created = await as(alice.token).post('/api/v1/loans', application);
    expect(created.statusCode).toBe(201);
    const { loan } = created.json();
    expect(created.json().message).toBe('Loan application submitted successfully');

    const edited = await as(alice.token).put(`/api/v1/loans/${loan.id}`, {
      ...application,
      amount: 6_000,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Loan application updated successfully',
      loan: { amount: 6_000 },
    });

    const list = await as(alice.token).get('/api/v1/loans?page=1&limit=10');
    expect(list.json()).toMatchObject({
      page: 1,
      limit: 10,
      total: 1,
      hasMore: false,
      data: [{ id: loan.id }],
    });

    // A customer cannot decide; an administrator can, through the same path.
    const selfApproval = await as(alice.token).put(`/api/v1/loans/${loan.id}`, {
      status: 'approved',
    });
    expect(selfApproval.statusCode).toBe(403);
    const all = await as(officer.token).get('/api/v1/loans/all?status=pending');
    expect(all.json()).toMatchObject({ page: 1, hasMore: false });
    expect(all.json().loans.map((row: { id: string }) => row.id)).toContain(loan.id);
    // docs/product.md 7's bare {status} decides only an application as first submitted; this one was
    // edited, so the officer names the version they reviewed.
    const stale = await as(officer.token).put(`/api/v1/loans/${loan.id}`, { status: 'approved' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'This application changed since you opened it. Review it again.',
      reason: 'APPLICATION_CHANGED',
      details: { version: 2 },
    });
    const approved = await as(officer.token).put(`/api/v1/loans/${loan.id}`, {
      status: 'approved',
      version: 2,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().loan.status).toBe('approved');

    const detail = await as(alice.token).get(`/api/v1/loans/${loan.id}`);
    expect(detail.json().loan.paymentSchedule).toHaveLength(24);

    const key = `loan-${crypto.randomUUID()}`;
    const repay = () =>
      as(alice.token, { 'idempotency-key': key }).post(`/api/v1/loans/${loan.id}/repay`, {
        mode: 'instalment',
      });
    const paid = await repay();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'Payment completed successfully',
      loanStatus: 'approved',
    });
    const replayed = await repay();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(paid.json());

    const stats = await as(alice.token).get('/api/v1/loans/stats');
    expect(stats.json()).toMatchObject({
      totalLoans: 1,
      activeLoans: 1,
      totalAmount: 6_000,
      averageInterestRate: 12.5,
    });

    const second = await as(alice.token).post('/api/v1/loans', application);
    const cancelled = await as(alice.token).post(`/api/v1/loans/${second.json().loan.id}/cancel`);
    expect(cancelled.json()).toMatchObject({
      message: 'Loan application cancelled successfully',
      loan: { status: 'cancelled' },
    });
  });

  it('takes docs/product.md 7’s bare {status} while the application is as first submitted', async () => {
    const alice = await fundedCustomer(app, 0);
    const officer = await fundedCustomer(app, 0, 'Officer');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, officer.id));
    const created = await as(alice.token).post('/api/v1/loans', application);
    const { loan } = created.json();
    expect(loan.version).toBe(1);
    const rejected = await as(officer.token).put(`/api/v1/loans/${loan.id}`, {
      status: 'rejected',
      reason: 'Not this time',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().loan).toMatchObject({ status: 'rejected' });
  });

  it('documents every loans path in the OpenAPI document', async () => {
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/loans',
      '/loans/all',
      '/loans/stats',
      '/loans/types',
      '/loans/calculate',
      '/loans/{id}',
      '/loans/{id}/cancel',
      '/loans/{id}/repay',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });
});

import { fundedCustomer, ledgerInvariant } from '@bank/api/testing/money';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestServer } from './testing.ts';

const { app, server, as } = await createFileTestServer();

describe('REST disputes', () => {
  it('opens (201), lists, and moves a dispute through provisional credit, as documented', async () => {
    const agent = await fundedCustomer(app, 0, 'Agent');
    await app.db.update(users).set({ role: 'support' }).where(eq(users.id, agent.id));
    const alice = await fundedCustomer(app, 300, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const paid = await as(alice.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: bob.accountNumber,
      amount: 45,
    });
    const id: string = paid.json().transaction.id;

    const bad = await as(alice.token).post(`/api/v1/transactions/${id}/disputes`, {
      reason: 'stolen',
      description: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');

    const opened = await as(alice.token).post(`/api/v1/transactions/${id}/disputes`, {
      reason: 'wrong_amount',
      description: 'I agreed to pay $40, not $45.',
    });
    expect(opened.statusCode).toBe(201);
    const { dispute } = opened.json();
    expect(dispute).toMatchObject({ status: 'submitted', transactionId: id });
    expect(dispute.id).toEqual(expect.any(String));
    expect(dispute.ticketId).toEqual(expect.any(String));

    const again = await as(alice.token).post(`/api/v1/transactions/${id}/disputes`, {
      reason: 'other',
      description: 'Once more, with feeling.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DISPUTE_OPEN',
      details: { disputeId: dispute.id },
    });

    const mine = await as(alice.token).get('/api/v1/disputes');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((d: { id: string }) => d.id)).toEqual([dispute.id]);

    const refused = await as(alice.token).get('/api/v1/admin/disputes');
    expect(refused.statusCode).toBe(403);
    const queue = await as(agent.token).get('/api/v1/admin/disputes');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data[0]).toMatchObject({ id: dispute.id, late: false });

    const credited = await as(agent.token).put(`/api/v1/admin/disputes/${dispute.id}`, {
      status: 'provisional_credit',
      amount: 5,
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().dispute).toMatchObject({
      status: 'provisional_credit',
      creditedAmount: 5,
    });
    const noReason = await as(agent.token).put(`/api/v1/admin/disputes/${dispute.id}`, {
      status: 'denied',
    });
    expect(noReason.statusCode).toBe(400);
    const resolved = await as(agent.token).put(`/api/v1/admin/disputes/${dispute.id}`, {
      status: 'resolved',
      reason: 'The payee agreed to $40.',
    });
    expect(resolved.json().dispute.status).toBe('resolved');
    const closed = await as(agent.token).put(`/api/v1/admin/disputes/${dispute.id}`, {
      status: 'investigating',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('DISPUTE_STATUS');

    const doc = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = doc.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/transactions/{id}/disputes',
        '/disputes',
        '/admin/disputes',
        '/admin/disputes/{id}',
      ]),
    );
    expect(await ledgerInvariant(app.db)).toMatchObject({ mismatched: 0, entriesSum: 0n });
  });
});

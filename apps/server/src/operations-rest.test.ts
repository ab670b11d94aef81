import { fundedCustomer } from '@bank/api/testing/money';
import { staffMember } from '@bank/api/testing/staff';
import { describe, expect, it } from 'vitest';
import { createFileTestServer } from './testing.ts';

const { app, server, as } = await createFileTestServer();

const admin = (name: string) => staffMember(app, 'admin', name);

describe('REST reversals and approvals', () => {
  it('reverses at once (201), or waits for a second administrator (202)', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const alice = await fundedCustomer(app, 5_000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const pay = async (amount: number) =>
      (
        await as(alice.token).post('/api/v1/transactions/transfer', {
          recipientAccountNumber: bob.accountNumber,
          amount,
        })
      ).json().transaction.id;

    const small = await pay(40);
    const refusedToCustomer = await as(alice.token).post(
      `/api/v1/admin/transactions/${small}/reversal`,
      { reason: 'Mine' },
    );
    expect(refusedToCustomer.statusCode).toBe(403);

    const noReason = await as(maker.token).post(`/api/v1/admin/transactions/${small}/reversal`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Reason is required' }]);

    const reversed = await as(maker.token).post(`/api/v1/admin/transactions/${small}/reversal`, {
      amount: 15,
      reason: 'Sent twice',
    });
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().transaction).toMatchObject({
      type: 'reversal',
      amount: 15,
      reverses: small,
    });
    const original = await as(alice.token).get(`/api/v1/transactions/${small}`);
    expect(original.json().data).toMatchObject({
      reversedAmount: 15,
      reversedBy: [reversed.json().transaction.id],
    });

    const short = await as(maker.token).post(`/api/v1/admin/transactions/${small}/reversal`, {
      amount: 30,
      reason: 'Too much',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Only $25.00 of this movement is left to reverse',
    });

    const large = await pay(1_500);
    const waiting = await as(maker.token).post(`/api/v1/admin/transactions/${large}/reversal`, {
      reason: 'Fraud reported',
    });
    expect(waiting.statusCode).toBe(202);
    const { approval } = waiting.json();
    expect(approval).toMatchObject({ status: 'pending', action: 'reversal', amount: 1_500 });

    const twice = await as(maker.token).post(`/api/v1/admin/transactions/${large}/reversal`, {
      reason: 'Fraud reported',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('APPROVAL_PENDING');

    const listed = await as(checker.token).get('/api/v1/admin/approvals');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({
      id: approval.id,
      maker: { id: maker.id, name: 'Maker Customer' },
    });

    const own = await as(maker.token).post(`/api/v1/admin/approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().reason).toBe('OWN_REQUEST');

    const approved = await as(checker.token).post(`/api/v1/admin/approvals/${approval.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'approved', checkerId: checker.id });

    const rejectLate = await as(checker.token).post(
      `/api/v1/admin/approvals/${approval.id}/reject`,
      { reason: 'Changed my mind' },
    );
    expect(rejectLate.statusCode).toBe(409);
  });

  it('documents both answers of the reversal path', async () => {
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/admin/transactions/{id}/reversal'].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '202', '409']));
    expect(document.paths['/admin/approvals/{id}/reject'].post).toBeDefined();
  });
});

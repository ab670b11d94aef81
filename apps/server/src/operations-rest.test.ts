import type { TestApp } from '@bank/api/testing/harness';
import { fundedCustomer } from '@bank/api/testing/money';
import { staffMember } from '@bank/api/testing/staff';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './testing.ts';

let app: TestApp;
let server: FastifyInstance;
const started = useTestServer();
beforeAll(() => {
  ({ app, server } = started);
});

const as = (token: string) => ({
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
});

const admin = (name: string) => staffMember(app, 'admin', name);

describe('REST reversals and approvals', () => {
  it('reverses at once (201), or waits for a second administrator (202)', async () => {
    const maker = await admin('Maker');
    const checker = await admin('Checker');
    const alice = await fundedCustomer(app, 5_000, 'Alice');
    const bob = await fundedCustomer(app, 0, 'Bob');
    const pay = async (amount: number) =>
      (
        await server.inject({
          method: 'POST',
          url: '/api/v1/transactions/transfer',
          ...as(alice.token),
          payload: { recipientAccountNumber: bob.accountNumber, amount },
        })
      ).json().transaction.id;

    const small = await pay(40);
    const refusedToCustomer = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${small}/reversal`,
      ...as(alice.token),
      payload: { reason: 'Mine' },
    });
    expect(refusedToCustomer.statusCode).toBe(403);

    const noReason = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${small}/reversal`,
      ...as(maker.token),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'Reason is required' }]);

    const reversed = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${small}/reversal`,
      ...as(maker.token),
      payload: { amount: 15, reason: 'Sent twice' },
    });
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().transaction).toMatchObject({
      type: 'reversal',
      amount: 15,
      reverses: small,
    });
    const original = await server.inject({
      method: 'GET',
      url: `/api/v1/transactions/${small}`,
      ...as(alice.token),
    });
    expect(original.json().data).toMatchObject({
      reversedAmount: 15,
      reversedBy: [reversed.json().transaction.id],
    });

    const short = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${small}/reversal`,
      ...as(maker.token),
      payload: { amount: 30, reason: 'Too much' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Only $25.00 of this movement is left to reverse',
    });

    const large = await pay(1_500);
    const waiting = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${large}/reversal`,
      ...as(maker.token),
      payload: { reason: 'Fraud reported' },
    });
    expect(waiting.statusCode).toBe(202);
    const { approval } = waiting.json();
    expect(approval).toMatchObject({ status: 'pending', action: 'reversal', amount: 1_500 });

    const twice = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${large}/reversal`,
      ...as(maker.token),
      payload: { reason: 'Fraud reported' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('APPROVAL_PENDING');

    const listed = await server.inject({
      method: 'GET',
      url: '/api/v1/admin/approvals',
      ...as(checker.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({
      id: approval.id,
      maker: { id: maker.id, name: 'Maker Customer' },
    });

    const own = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval.id}/approve`,
      ...as(maker.token),
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().reason).toBe('OWN_REQUEST');

    const approved = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval.id}/approve`,
      ...as(checker.token),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'approved', checkerId: checker.id });

    const rejectLate = await server.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval.id}/reject`,
      ...as(checker.token),
      payload: { reason: 'Changed my mind' },
    });
    expect(rejectLate.statusCode).toBe(409);
  });

  it('documents both answers of the reversal path', async () => {
    const document = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/admin/transactions/{id}/reversal'].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '202', '409']));
    expect(document.paths['/admin/approvals/{id}/reject'].post).toBeDefined();
  });
});

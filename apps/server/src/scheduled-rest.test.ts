import { runDueScheduledTransfers } from '@bank/api/scheduled/runner';
import { fundedCustomer } from '@bank/api/testing/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileTestServer, jsonHeaders } from './testing.ts';

// The scheduled transfers' contract over /api/v1: paths, fields, statuses.

const { app, server, as } = await createFileTestServer();
beforeAll(() => {
  // Noon in New York on Jan 4, 2027: the runner's and the service's today.
  app.deps.now = () => new Date('2027-01-04T17:00:00Z');
});

async function savedPayee() {
  const alice = await fundedCustomer(app, 200, 'Alice');
  const bob = await fundedCustomer(app, 0, 'Bob');
  await alice.caller.payees.stepUp({ purpose: 'payee' });
  const [mail] = await app.mailbox(alice.email);
  const code = mail?.subject.match(/(\d{6})$/)?.[1];
  const { payee } = await alice.caller.payees.create({
    bank: 'internal',
    name: 'Bob Landlord',
    accountNumber: bob.accountNumber,
    code,
  });
  return { alice, payee };
}

const created = z.object({
  scheduledTransfer: z.object({ id: z.string(), status: z.string() }).passthrough(),
});

describe('/api/v1/scheduled-transfers', () => {
  it('schedules, lists, runs, shows occurrences, changes, pauses, resumes and cancels', async () => {
    const { alice, payee } = await savedPayee();
    const invalid = await as(alice.token).post('/api/v1/scheduled-transfers', {
      payeeId: payee.id,
      amount: 10,
      startDate: '2027-01-04',
      frequency: 'daily',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const today = await as(alice.token).post('/api/v1/scheduled-transfers', {
      payeeId: payee.id,
      amount: 50,
      description: 'Rent',
      startDate: '2027-01-04',
      frequency: 'monthly',
      count: 12,
    });
    expect(today.statusCode).toBe(201);
    const rent = created.parse(today.json()).scheduledTransfer;
    expect(rent).toMatchObject({
      status: 'active',
      nextRunDate: '2027-01-04',
      amount: 50,
      frequency: 'monthly',
      count: 12,
      endDate: null,
      payee: { id: payee.id, name: 'Bob Landlord' },
    });

    const list = await as(alice.token).get('/api/v1/scheduled-transfers');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [rent] });

    await runDueScheduledTransfers(app.deps);
    const detail = await as(alice.token).get(`/api/v1/scheduled-transfers/${rent.id}`);
    expect(detail.statusCode).toBe(200);
    const { data } = detail.json();
    expect(data).toMatchObject({ nextRunDate: '2027-02-04', occurrencesMade: 1 });
    expect(data.occurrences).toEqual([
      {
        date: '2027-01-04',
        status: 'completed',
        amount: 50,
        transactionId: expect.any(String),
        reason: null,
        retryAt: null,
      },
    ]);
    expect(data.upcoming.slice(0, 2)).toEqual(['2027-02-04', '2027-03-04']);

    const changed = await as(alice.token).put(`/api/v1/scheduled-transfers/${rent.id}`, {
      amount: 55,
      date: '2027-02-01',
      description: 'Rent (new)',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Scheduled transfer updated',
      scheduledTransfer: { amount: 55, nextRunDate: '2027-02-01', description: 'Rent (new)' },
    });

    const paused = await as(alice.token).post(`/api/v1/scheduled-transfers/${rent.id}/pause`);
    expect(paused.json()).toMatchObject({ scheduledTransfer: { status: 'paused' } });
    const pausedAgain = await as(alice.token).post(`/api/v1/scheduled-transfers/${rent.id}/pause`);
    expect(pausedAgain.statusCode).toBe(409);
    const resumed = await as(alice.token).post(`/api/v1/scheduled-transfers/${rent.id}/resume`);
    expect(resumed.json()).toMatchObject({ scheduledTransfer: { status: 'active' } });

    const cancelled = await as(alice.token).delete(`/api/v1/scheduled-transfers/${rent.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Scheduled transfer cancelled',
      scheduledTransfer: { status: 'cancelled', nextRunDate: null },
    });
  });

  it('answers another customer’s schedule 404', async () => {
    const { alice, payee } = await savedPayee();
    const mallory = await fundedCustomer(app, 0, 'Mallory');
    const made = await as(alice.token).post('/api/v1/scheduled-transfers', {
      payeeId: payee.id,
      amount: 5,
      startDate: '2027-01-09',
      frequency: 'once',
    });
    const { id } = created.parse(made.json()).scheduledTransfer;
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/scheduled-transfers/${id}` },
      { method: 'DELETE' as const, url: `/api/v1/scheduled-transfers/${id}` },
      { method: 'POST' as const, url: `/api/v1/scheduled-transfers/${id}/pause` },
    ]) {
      const answer = await server.inject({ ...request, headers: jsonHeaders(mallory.token) });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = z.record(z.string(), z.record(z.string(), z.unknown())).parse(doc.paths);
    expect(Object.keys(paths['/scheduled-transfers'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/scheduled-transfers/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(paths['/scheduled-transfers/{id}/pause']).toHaveProperty('post');
    expect(paths['/scheduled-transfers/{id}/resume']).toHaveProperty('post');
  });
});

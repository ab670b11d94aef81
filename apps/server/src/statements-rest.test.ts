import { fundedCustomer } from '@bank/api/testing/money';
import { describe, expect, it } from 'vitest';
import { bearerHeaders, createFileTestServer, requestsAs } from './testing.ts';

// GET /statements, /statements/{period}, /statements/range, /transactions/{id}/receipt and
// POST /statements/verify as an integrator calls them: files with their types, a PDF body.

const { app, server } = await createFileTestServer();
// As an integrator calls: the token only, no content type on a request without a body.
const as = requestsAs(server, bearerHeaders);

describe('statements over REST', () => {
  it('lists, downloads, and verifies a statement sent back as a PDF', async () => {
    const alice = await fundedCustomer(app, 250);
    const list = await as(alice.token).get('/api/v1/statements');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      accountNumber: alice.accountNumber,
      openingBalance: expect.any(Number),
      closingBalance: expect.any(Number),
    });
    const period: string = list.json().data[0].period;
    expect(period).toMatch(/^\d{4}-\d{2}$/);

    const pdf = await as(alice.token).get(`/api/v1/statements/${period}?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const verify = (payload: Buffer) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/statements/verify',
        headers: { 'content-type': 'application/pdf' },
        payload,
      });
    const valid = await verify(pdf.rawPayload);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ valid: true, statement: { provisional: true } });
    const changed = Buffer.from(pdf.rawPayload);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1;
    expect((await verify(changed)).json()).toMatchObject({ valid: false });

    const json = await as(alice.token).get(`/api/v1/statements/${period}?format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const byDigest = await server.inject({
      method: 'POST',
      url: '/api/v1/statements/verify',
      headers: { 'content-type': 'application/json' },
      payload: { digest: json.json().digest },
    });
    expect(byDigest.json()).toMatchObject({ valid: true });

    const csv = await as(alice.token).get(
      `/api/v1/statements/range?from=${period}-01&to=${period}-01&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Opening balance,');
  });

  it('answers a bad period with 404 (a malformed path parameter names nothing), and another customer’s receipt with 404', async () => {
    const alice = await fundedCustomer(app, 40);
    const bob = await fundedCustomer(app, 0);
    const bad = await as(alice.token).get('/api/v1/statements/2026-13?format=pdf');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('NOT_FOUND');
    const { data } = (await as(alice.token).get('/api/v1/transactions')).json();
    const receipt = await as(alice.token).get(`/api/v1/transactions/${data[0].id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const theirs = await as(bob.token).get(`/api/v1/transactions/${data[0].id}/receipt`);
    expect(theirs.statusCode).toBe(404);
    const signedOut = await server.inject({ method: 'GET', url: '/api/v1/statements' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('documents the files and the PDF body in the OpenAPI document', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const month = doc.paths['/statements/{period}'].get.responses['200'].content;
    expect(Object.keys(month)).toEqual(['application/pdf', 'text/csv', 'application/json']);
    expect(doc.paths['/statements/range'].get).toBeDefined();
    expect(doc.paths['/statements'].get).toBeDefined();
    expect(Object.keys(doc.paths['/statements/verify'].post.requestBody.content)).toEqual([
      'application/json',
      'application/pdf',
    ]);
    expect(
      Object.keys(doc.paths['/transactions/{id}/receipt'].get.responses['200'].content),
    ).toEqual(['application/pdf']);
  });
});

import { accountAndClearingIds, fundedCustomer } from '@bank/api/testing/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerHeaders, createFileTestServer, requestsAs } from './testing.ts';

// PUT /transactions/{id}/category and GET /transactions/export as an integrator calls them.

const { app, server } = await createFileTestServer();
// As an integrator calls: the token only, no content type on a request without a body.
const as = requestsAs(server, bearerHeaders);

describe('PUT /transactions/{id}/category', () => {
  it('files the caller’s side only; the stats sum spending by it', async () => {
    const alice = await fundedCustomer(app, 500, 'Alice', 'Carter');
    const bob = await fundedCustomer(app, 0, 'Bob', 'Rivera');
    const sent = await as(alice.token).post('/api/v1/transactions/transfer', {
      recipientAccountNumber: bob.accountNumber,
      amount: 64.2,
      description: 'Market',
    });
    expect(sent.statusCode).toBe(201);
    const id: string = sent.json().transaction.id;
    expect(sent.json().transaction.category).toBe('transfers');

    const put = (token: string, payload: Record<string, string>, target = id) =>
      as(token).put(`/api/v1/transactions/${target}/category`, payload);
    const filed = await put(alice.token, { category: 'groceries' });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().data).toMatchObject({ id, category: 'groceries', direction: 'debit' });

    const detail = (token: string) => as(token).get(`/api/v1/transactions/${id}`);
    expect((await detail(alice.token)).json().data.category).toBe('groceries');
    // The other side's view is untouched.
    expect((await detail(bob.token)).json().data.category).toBe('income');

    const stats = await as(alice.token).get('/api/v1/transactions/stats');
    expect(stats.json().stats.spendingByCategory).toEqual([
      { category: 'groceries', amount: 64.2, lastMonth: 0 },
    ]);

    const bad = await put(alice.token, { category: 'Groceries' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'category', message: 'Choose a category from the list' }],
    });
    const missing = await put(alice.token, {});
    expect(missing.statusCode).toBe(400);
    const stranger = await fundedCustomer(app, 0, 'Sam', 'Stranger');
    const foreign = await put(stranger.token, { category: 'travel' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Transaction not found' });
    expect((await put(alice.token, { category: 'travel' }, 'not-an-id')).statusCode).toBe(404);
    const signedOut = await server.inject({
      method: 'PUT',
      url: `/api/v1/transactions/${id}/category`,
      payload: { category: 'travel' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its body and answer', async () => {
    const document = (await server.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/transactions/{id}/category'].put;
    expect(operation.operationId).toBe('putTransactionsByIdCategory');
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
    expect(JSON.stringify(operation.requestBody)).toContain('groceries');
  });
});

describe('GET /transactions/export', () => {
  it('streams more than 10,000 rows, every one, with numbers as numbers', async () => {
    const erin = await fundedCustomer(app, 0, 'Erin', 'Walsh');
    const { account, clearing } = await accountAndClearingIds(app.db, erin.accountNumber);
    const rows = 10_250;
    // History written directly (as the bench fills it): the export only reads it. Half the rows
    // money out, so negative amounts are in it too.
    await app.db.execute(sql`
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, recipient_user_id, created_at, timeline)
      select case when g % 2 = 0 then 'deposit' else 'withdraw' end::transaction_type, 'completed',
        100 + g, case when g = 7 then '-sum(A1:A9)' else 'Row ' || g end, 'deposit', 'card',
        case when g % 2 = 0 then ${clearing}::uuid else ${account}::uuid end,
        case when g % 2 = 0 then ${account}::uuid else ${clearing}::uuid end,
        ${erin.id}::uuid, now() - g * interval '1 second', '[]'::jsonb
      from generate_series(1, ${rows}) g`);
    const answer = await as(erin.token).get('/api/v1/transactions/export');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // Streamed: no length known up front.
    expect(answer.headers['content-length']).toBeUndefined();
    const lines = answer.payload.split('\n');
    expect(lines[0]).toBe(
      'Date,Reference,Type,Description,Counterparty,Category,Status,Direction,Amount,Currency',
    );
    expect(lines).toHaveLength(1 + rows);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(rows);
    // Newest first: row 1 (a withdrawal of $1.01) then row 2 (a deposit of $1.02).
    expect(lines[1]).toMatch(/,Row 1,.*,completed,debit,-1\.01,USD$/);
    expect(lines[2]).toMatch(/,Row 2,.*,completed,credit,1\.02,USD$/);
    // Amounts are bare numbers; only text a spreadsheet would run gets the quote.
    expect(lines.slice(1).every((line) => /,-?\d+\.\d{2},USD$/.test(line))).toBe(true);
    expect(lines[7]).toContain(",'-sum(A1:A9),");
    expect(lines[7]).toMatch(/,-1\.07,USD$/);
  });

  it('applies the filters and refuses a malformed one before streaming', async () => {
    const fay = await fundedCustomer(app, 30, 'Fay', 'Lindqvist');
    const filtered = await as(fay.token).get('/api/v1/transactions/export?type=withdraw');
    expect(filtered.payload.split('\n')).toHaveLength(1);
    const bad = await as(fay.token).get('/api/v1/transactions/export?minAmount=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

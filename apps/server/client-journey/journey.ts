/**
 * An integrator's first journey (the integrator API review), written only against the client that
 * openapi-typescript generates from the served document (`generated/schema.ts`, made by
 * apps/server/src/generated-client.test.ts) and openapi-fetch: if the document lies about a
 * path, a parameter or a body, this file stops compiling or the run fails.
 *
 *   tsx journey.ts <server origin> <email> <password> <recipient account number>
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.ts';

const [origin, email, password, recipient] = process.argv.slice(2);
if (!origin || !email || !password || !recipient) {
  throw new Error('usage: journey.ts <origin> <email> <password> <recipient account number>');
}

const client = createClient<paths>({ baseUrl: `${origin}/api/v1` });
const steps: Record<string, unknown> = {};

function fail(step: string, status: number, error: unknown): never {
  throw new Error(`${step} answered ${status}: ${JSON.stringify(error)}`);
}

// 1. Sign in, then send the token as a Bearer header on every call.
const login = await client.POST('/auth/login', { body: { email, password } });
if (!login.data) fail('login', login.response.status, login.error);
const token = login.data.token;
const auth: Middleware = {
  onRequest({ request }) {
    request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};
client.use(auth);
steps.login = { twoFactorRequired: login.data.twoFactorRequired };

const me = await client.GET('/auth/me');
if (!me.data) fail('me', me.response.status, me.error);
steps.me = { email: me.data.user.email, accountNumber: me.data.user.accountNumber };

// 2. Confirmation of payee before sending.
const payee = await client.GET('/accounts/lookup', {
  params: { query: { accountNumber: recipient, name: 'Bob Smith' } },
});
if (!payee.data) fail('lookup', payee.response.status, payee.error);
steps.payee = {
  holderName: payee.data.holderName,
  nameMatch: payee.data.nameMatch,
  rateLimit: payee.response.headers.get('RateLimit'),
};

// 3. An idempotent transfer, then its retry with the same key.
const key = crypto.randomUUID();
const transferRequest = {
  params: { header: { 'Idempotency-Key': key } },
  body: { recipientAccountNumber: recipient, amount: 12.34, description: 'Journey transfer' },
} as const;
const transfer = await client.POST('/transactions/transfer', transferRequest);
// The path also answers a dry run's verdict (200, with ?dryRun=true): a posting is narrowed to.
if (!transfer.data || !('transaction' in transfer.data))
  fail('transfer', transfer.response.status, transfer.error);
const retry = await client.POST('/transactions/transfer', transferRequest);
if (!retry.data || !('transaction' in retry.data))
  fail('retry', retry.response.status, retry.error);
steps.transfer = {
  status: transfer.response.status,
  id: transfer.data.transaction.id,
  amount: transfer.data.transaction.amount,
  newBalance: transfer.data.newBalance,
  replayed: retry.response.headers.get('Idempotent-Replayed'),
  sameId: retry.data.transaction.id === transfer.data.transaction.id,
  requestId: transfer.response.headers.get('X-Request-Id'),
};

// 4. The union body of POST /transactions: a card deposit.
const deposit = await client.POST('/transactions', {
  params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  body: {
    type: 'deposit',
    method: 'card',
    amount: 5,
    cardNumber: '4242424242424242',
    expiryDate: '12/30',
    cvv: '123',
  },
});
if (!deposit.data) fail('deposit', deposit.response.status, deposit.error);
steps.deposit = { type: deposit.data.transaction.type, newBalance: deposit.data.newBalance };

// 5. Path parameters live in the path only.
const one = await client.GET('/transactions/{id}', {
  params: { path: { id: transfer.data.transaction.id } },
});
if (!one.data) fail('transaction', one.response.status, one.error);
const card = await client.POST('/cards', {
  body: {
    type: 'debit',
    name: 'Journey Card',
    number: '4242424242424242',
    expiry: '11/29',
    cvv: '321',
  },
});
if (!card.data) fail('card', card.response.status, card.error);
const renamed = await client.PUT('/cards/{id}', {
  params: { path: { id: card.data.card.id } },
  body: { name: 'Renamed Card' },
});
if (!renamed.data) fail('rename card', renamed.response.status, renamed.error);
steps.card = { name: renamed.data.card.name, last4: renamed.data.card.last4 };

// 6. History, paginated, and the CSV export.
const page = await client.GET('/transactions', { params: { query: { page: 1, limit: 5 } } });
if (!page.data) fail('history', page.response.status, page.error);
steps.history = { total: page.data.total, first: page.data.data[0]?.description };
const csv = await client.GET('/transactions/export', { parseAs: 'text' });
if (csv.data === undefined) fail('export', csv.response.status, csv.error);
steps.export = {
  contentType: csv.response.headers.get('Content-Type'),
  lines: csv.data.trim().split('\n').length,
};

// 7. Errors as documented: a validation error, then sign out and the 401.
const invalid = await client.POST('/transactions/transfer', {
  body: { recipientAccountNumber: recipient, amount: -1 },
});
steps.invalid = { status: invalid.response.status, error: invalid.error };
const logout = await client.POST('/auth/logout');
if (!logout.data) fail('logout', logout.response.status, logout.error);
const after = await client.GET('/auth/me');
steps.afterLogout = {
  status: after.response.status,
  message: after.error?.message,
  wwwAuthenticate: after.response.headers.get('WWW-Authenticate'),
};

process.stdout.write(`${JSON.stringify(steps)}\n`);

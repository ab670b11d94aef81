/**
 * An integrator's journey written only against the SDK that @hey-api/openapi-ts generates from
 * the served document (`generated/`, made by apps/server/src/hey-api-client.test.ts): a second
 * generator beside openapi-typescript. It signs in, reads, asks before paying (a dry
 * run), pays with a fresh Idempotency-Key, reads a refusal's `code` and figures, pages the
 * history by cursor and opens a support ticket with an image attached (multipart).
 *
 *   tsx journey.ts <server origin> <email> <password> <recipient account number>
 */
import { client } from './generated/client.gen';
import {
  getAuthMe,
  getSupportTicketsById,
  getTransactions,
  getTransactionsBalance,
  postAuthLogin,
  postSupportTickets,
  postTransactionsTransfer,
} from './generated/sdk.gen';

const [origin, email, password, recipient] = process.argv.slice(2);
if (!origin || !email || !password || !recipient) {
  throw new Error('usage: journey.ts <origin> <email> <password> <recipient account number>');
}
client.setConfig({ baseUrl: `${origin}/api/v1` });
const steps: Record<string, unknown> = {};

function fail(step: string, status: number | undefined, error: unknown): never {
  throw new Error(`${step} answered ${status}: ${JSON.stringify(error)}`);
}

// A wrong password is a documented, typed 401 with its code.
const wrong = await postAuthLogin({ body: { email, password: `${password}-wrong` } });
steps.wrongPassword = { status: wrong.response.status, code: wrong.error?.code };

const login = await postAuthLogin({ body: { email, password } });
if (!login.data) fail('login', login.response.status, login.error);
const token = login.data.token;
client.setConfig({ auth: () => token });
steps.login = { twoFactorRequired: login.data.twoFactorRequired };

const me = await getAuthMe();
if (!me.data) fail('me', me.response.status, me.error);
steps.me = { email: me.data.user.email };

const balance = await getTransactionsBalance();
if (!balance.data) fail('balance', balance.response.status, balance.error);
steps.balance = balance.data.balance;

// Ask first, then pay with a key of its own.
const order = { recipientAccountNumber: recipient, amount: 19.99, description: 'Books' };
const dry = await postTransactionsTransfer({ body: order, query: { dryRun: 'true' } });
if (dry.response.status !== 200) fail('dry run', dry.response.status, dry.error);
steps.dryRun = dry.data;
const paid = await postTransactionsTransfer({
  body: order,
  headers: { 'Idempotency-Key': crypto.randomUUID() },
});
if (!paid.data || !('transaction' in paid.data)) fail('transfer', paid.response.status, paid.error);
steps.transfer = { amount: paid.data.transaction.amount, newBalance: paid.data.newBalance };

// A refusal a program can read.
const refused = await postTransactionsTransfer({
  body: { ...order, amount: 1_000_000 },
  headers: { 'Idempotency-Key': crypto.randomUUID() },
});
steps.refused = {
  status: refused.response.status,
  code: refused.error?.code,
  details: refused.error?.details,
};

// The history, page by page, by cursor.
const ids: string[] = [];
let cursor: string | undefined;
for (;;) {
  const page = await getTransactions({ query: { limit: 1, ...(cursor ? { cursor } : {}) } });
  if (!page.data) fail('history', page.response.status, page.error);
  ids.push(...page.data.data.map((row) => row.id));
  if (page.data.nextCursor === null) break;
  cursor = page.data.nextCursor;
}
steps.history = { rows: ids.length, distinct: new Set(ids).size };

// A ticket with a screenshot: the SDK sends multipart/form-data with the file.
const pixel = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
const ticket = await postSupportTickets({
  body: {
    subject: 'Declined card',
    category: 'transaction',
    description: 'My card was declined in a shop yesterday evening.',
    attachments: [new File([pixel], 'receipt.png', { type: 'image/png' })],
  },
});
if (!ticket.data) fail('ticket', ticket.response.status, ticket.error);
const opened = await getSupportTicketsById({ path: { id: ticket.data.ticket.id } });
if (!opened.data) fail('ticket read', opened.response.status, opened.error);
steps.ticket = {
  attachments: opened.data.ticket.attachments.map((file) => file.contentType),
};

process.stdout.write(JSON.stringify(steps));

import { webhookDeliveries } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { personalLoan } from '../testing/loans.ts';
import { fundedCustomer, testCard } from '../testing/money.ts';
import { staffMember } from '../testing/staff.ts';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';
import { settlePendingTransactions } from '../transactions/settlement.ts';
import { deliveriesOf, replayDelivery } from './deliveries.ts';
import {
  CLAIM_LEASE_MS,
  deliverDueWebhooks,
  dispatchWebhooks,
  fanOutWebhookEvents,
  RETRY_WINDOW_MS,
  type WebhookDispatch,
} from './dispatcher.ts';
import { createHttpSender, type WebhookSender } from './sender.ts';
import { createWebhook } from './subscriptions.ts';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** The dispatcher's clock: tests move it instead of waiting. */
let clock: Date;

beforeAll(async () => {
  app = await createTestApp();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});
beforeEach(() => {
  clock = new Date();
  receiver.received.length = 0;
  receiver.answerWith([]);
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** One instance's dispatcher over the test database (loopback targets only). */
function dispatcher(sender: WebhookSender = createHttpSender({ policy: 'loopback' })) {
  return {
    db: app.db,
    appAccess: app.appAccess,
    encryptionKey: app.deps.encryptionKey,
    sender,
    now: () => clock,
  } satisfies WebhookDispatch;
}

let apps = 0;
/** A new app subscribed to `events` at the receiver; answers its id and secret. */
async function subscribedApp(events: Parameters<typeof createWebhook>[2]['events']) {
  apps += 1;
  const clientId = `app_${apps}_${Math.random().toString(36).slice(2, 8)}`;
  const { webhook, secret } = await createWebhook(
    app.deps,
    { clientId, scopes: ['webhooks:manage'], userId: null },
    { url: receiver.url, events },
  );
  return { clientId, webhookId: webhook.id, secret };
}

/** A customer who granted `clientId` access (as consent through OAuth would). */
async function grantingCustomer(clientId: string, dollars = 100) {
  const customer = await fundedCustomer(app, 0);
  app.appAccess.grant(clientId, customer.id);
  if (dollars > 0) {
    await customer.caller.transactions.deposit({ amount: dollars, method: 'card', ...testCard });
  }
  return customer;
}

/** Sends until nothing is left due now (a pass per batch). */
async function dispatchAll(dispatch = dispatcher()) {
  // The movements' events reach the outbox once announced (decision 048).
  await app.deps.ledger.announced();
  let sent = 0;
  for (;;) {
    await fanOutWebhookEvents(dispatch);
    const delivered = await deliverDueWebhooks(dispatch);
    sent += delivered;
    if (delivered === 0) return sent;
  }
}

const parsed = (body: string): { type: string; timestamp: string; data: Record<string, unknown> } =>
  JSON.parse(body);

describe('webhook deliveries (Standard Webhooks)', () => {
  it('delivers a signed event that verifies with standardwebhooks, and logs it', async () => {
    const partner = await subscribedApp(['transaction.created']);
    const alice = await grantingCustomer(partner.clientId, 40);
    await dispatchAll();
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    if (!hit) throw new Error('nothing arrived');
    const headers = {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    };
    const verified = new Webhook(partner.secret).verify(hit.body, headers);
    expect(verified).toMatchObject({
      type: 'transaction.created',
      data: {
        customerId: alice.id,
        transactionType: 'deposit',
        amount: 40,
        direction: 'credit',
      },
    });
    expect(headers['webhook-id']).toMatch(/^msg_\d+_transaction_created$/);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret!').toString('base64')}`).verify(
        hit.body,
        headers,
      ),
    ).toThrow();
    const log = await deliveriesOf(app.db, partner.webhookId);
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        messageId: headers['webhook-id'],
        eventType: 'transaction.created',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('maps completed and failed movements to their events', async () => {
    const partner = await subscribedApp([
      'transaction.created',
      'transaction.completed',
      'transaction.failed',
    ]);
    const bob = await grantingCustomer(partner.clientId, 300);
    await dispatchAll();
    // Deliveries go out side by side: each arrives once, in no promised order.
    expect(receiver.received.map((hit) => parsed(hit.body).type).sort()).toEqual([
      'transaction.completed',
      'transaction.created',
    ]);
    receiver.received.length = 0;
    await bob.caller.transactions.transfer({
      recipientAccountNumber: '5550000',
      routingNumber: '021000021',
      amount: 75,
    });
    await settlePendingTransactions(app.deps, 0);
    await dispatchAll();
    const events = receiver.received.map((hit) => parsed(hit.body));
    expect(events.map((event) => [event.type, event.data.status]).sort()).toEqual([
      ['transaction.created', 'pending'],
      ['transaction.failed', 'failed'],
    ]);
  });

  it('tells a loan decision as loan.status_changed', async () => {
    const partner = await subscribedApp(['loan.status_changed']);
    const frank = await grantingCustomer(partner.clientId, 0);
    const officer = await staffMember(app, 'admin', 'Officer');
    const { loan } = await frank.caller.loans.create(personalLoan);
    await officer.caller.loans.decide({
      id: loan.id,
      status: 'rejected',
      reason: 'Income too low for this amount',
    });
    await dispatchAll();
    expect(receiver.received.map((hit) => parsed(hit.body))).toEqual([
      {
        type: 'loan.status_changed',
        timestamp: expect.any(String),
        data: {
          customerId: frank.id,
          loanId: loan.id,
          status: 'rejected',
          reason: 'Income too low for this amount',
          overdue: false,
        },
      },
    ]);
  });

  it('retries with exponential back-off, then succeeds', async () => {
    const partner = await subscribedApp(['transaction.created']);
    await grantingCustomer(partner.clientId, 10);
    receiver.answerWith([500, 503]);
    await app.deps.ledger.announced();
    await fanOutWebhookEvents(dispatcher());
    expect(await deliverDueWebhooks(dispatcher())).toBe(0);
    let [row] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(row?.nextAttemptAt).toBe(new Date(clock.getTime() + 5_000).toISOString());
    // Not due before its time.
    advance(4_999);
    expect(await deliverDueWebhooks(dispatcher())).toBe(0);
    expect(receiver.received).toHaveLength(1);
    advance(1);
    expect(await deliverDueWebhooks(dispatcher())).toBe(0);
    [row] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    // Twice as long the second time.
    expect(row?.nextAttemptAt).toBe(new Date(clock.getTime() + 10_000).toISOString());
    advance(10_000);
    expect(await deliverDueWebhooks(dispatcher())).toBe(1);
    [row] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    // Every attempt is the same message: one webhook-id, signed afresh.
    expect(new Set(receiver.received.map((hit) => hit.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after 24 hours of retries, and staff can replay it', async () => {
    const partner = await subscribedApp(['transaction.created']);
    await grantingCustomer(partner.clientId, 10);
    const started = clock.getTime();
    receiver.answerWith(Array.from({ length: 100 }, () => 500));
    await app.deps.ledger.announced();
    await fanOutWebhookEvents(dispatcher());
    for (let pass = 0; pass < 100; pass += 1) {
      await deliverDueWebhooks(dispatcher());
      const [row] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
      if (!row?.nextAttemptAt) break;
      clock = new Date(row.nextAttemptAt);
    }
    const [given] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    expect(given).toMatchObject({ status: 'failed', nextAttemptAt: null, lastStatusCode: 500 });
    const lastAttempt = new Date(given?.lastAttemptAt ?? 0).getTime() - started;
    expect(lastAttempt).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(lastAttempt).toBeGreaterThan(RETRY_WINDOW_MS - 4 * 60 * 60_000);
    expect(given?.attempts).toBe(receiver.received.length);
    expect(given?.attempts).toBeGreaterThan(10);

    const admin = await fundedCustomer(app, 0, 'Staff');
    receiver.answerWith([]);
    const replayed = await replayDelivery(app.db, { id: admin.id }, given?.id ?? '', clock);
    expect(replayed).toMatchObject({ status: 'pending', nextAttemptAt: clock.toISOString() });
    expect(await deliverDueWebhooks(dispatcher())).toBe(1);
    const [after] = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    expect(after).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
  });

  it('sends each delivery once when two instances dispatch at the same time', async () => {
    const partner = await subscribedApp(['transaction.created']);
    const customers = await Promise.all(
      Array.from({ length: 4 }, () => grantingCustomer(partner.clientId, 0)),
    );
    for (const customer of customers) {
      for (const amount of [5, 6, 7]) {
        await customer.caller.transactions.deposit({ amount, method: 'card', ...testCard });
      }
    }
    const one = dispatcher();
    const two = dispatcher();
    await app.deps.ledger.announced();
    const queued = await Promise.all([fanOutWebhookEvents(one, 5), fanOutWebhookEvents(two, 5)]);
    await Promise.all([fanOutWebhookEvents(one), fanOutWebhookEvents(two)]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(12);
    const sent = await Promise.all([
      deliverDueWebhooks(one, { batch: 5 }),
      deliverDueWebhooks(two, { batch: 5 }),
      deliverDueWebhooks(one, { batch: 5 }),
      deliverDueWebhooks(two, { batch: 5 }),
    ]);
    await dispatchAll(one);
    const ids = receiver.received.map((hit) => String(hit.headers['webhook-id']));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(12);
    const log = await deliveriesOf(app.db, partner.webhookId);
    expect(log.total).toBe(12);
    expect(log.deliveries.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(
      true,
    );
  });

  it('resumes after a restart: queued events are kept, and a dead instance’s claim lapses', async () => {
    const partner = await subscribedApp(['transaction.created']);
    // Logged while no dispatcher runs: the outbox keeps them in the database.
    await grantingCustomer(partner.clientId, 10);
    await grantingCustomer(partner.clientId, 20);
    // An instance claims them and dies before it can record anything.
    const dying: WebhookSender = {
      send: () => Promise.reject(new Error('the process died mid-send')),
    };
    await app.deps.ledger.announced();
    await fanOutWebhookEvents(dispatcher(dying));
    await expect(deliverDueWebhooks(dispatcher(dying))).rejects.toThrow('died');
    expect(receiver.received).toHaveLength(0);
    // The restarted instance leaves them while the claim holds, then takes them over.
    const restarted = dispatcher();
    expect(await dispatchWebhooks(restarted)).toBe(0);
    advance(CLAIM_LEASE_MS);
    expect(await dispatchWebhooks(restarted)).toBe(2);
    expect(await dispatchWebhooks(restarted)).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('sends only events of customers who granted the app access, while they do', async () => {
    const partner = await subscribedApp(['transaction.created']);
    const other = await subscribedApp(['transaction.created']);
    const carol = await grantingCustomer(partner.clientId, 0);
    const dave = await grantingCustomer(other.clientId, 0);
    await carol.caller.transactions.deposit({ amount: 11, method: 'card', ...testCard });
    await dave.caller.transactions.deposit({ amount: 12, method: 'card', ...testCard });
    await dispatchAll();
    const toPartner = (await deliveriesOf(app.db, partner.webhookId)).deliveries;
    const toOther = (await deliveriesOf(app.db, other.webhookId)).deliveries;
    expect(toPartner).toHaveLength(1);
    expect(toOther).toHaveLength(1);
    const byMessage = new Map(
      receiver.received.map((hit) => [String(hit.headers['webhook-id']), parsed(hit.body)]),
    );
    expect(byMessage.get(toPartner[0]?.messageId ?? '')?.data.customerId).toBe(carol.id);
    expect(byMessage.get(toOther[0]?.messageId ?? '')?.data.customerId).toBe(dave.id);
    // Consent revoked: nothing more about carol.
    app.appAccess.revokeGrant(partner.clientId, carol.id);
    await carol.caller.transactions.deposit({ amount: 13, method: 'card', ...testCard });
    await dispatchAll();
    expect((await deliveriesOf(app.db, partner.webhookId)).total).toBe(1);
    const [rows] = await Promise.all([
      app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.userId, carol.id)),
    ]);
    expect(rows[0]?.n).toBe(1);
  });

  it('sends nothing that happened before the subscription', async () => {
    const clientId = `late_${Math.random().toString(36).slice(2, 8)}`;
    const early = await subscribedApp(['transaction.created']);
    const erin = await grantingCustomer(early.clientId, 15);
    app.appAccess.grant(clientId, erin.id);
    const { webhook } = await createWebhook(
      app.deps,
      { clientId, scopes: ['webhooks:manage'], userId: null },
      { url: receiver.url, events: ['transaction.created'] },
    );
    await dispatchAll();
    expect((await deliveriesOf(app.db, webhook.id)).total).toBe(0);
    expect((await deliveriesOf(app.db, early.webhookId)).total).toBe(1);
  });
});

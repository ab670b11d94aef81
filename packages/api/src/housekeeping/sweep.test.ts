import {
  events,
  idempotencyKeys,
  rateLimitBuckets,
  sessions,
  webhookDeliveries,
  webhookSubscriptions,
} from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp } from '../testing/harness.ts';
import { letTimePassInDatabase } from '../testing/limiter-clock.ts';
import { sweepExpired } from './sweep.ts';

const app = await createFileTestApp();

describe('housekeeping', () => {
  it('drops expired sessions, spent rate-limit windows and old idempotency keys, and nothing live', async () => {
    const user = await app.registerVerified();
    const live = await app.signIn(user.email);
    const stale = await app.signIn(user.email);
    const staleId = stale.token.split('.')[0] ?? '';
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, staleId));
    await app.deps.rateLimiter.hit('sweep:spent', 1);
    await app.deps.rateLimiter.hit('sweep:live', 60_000);
    // The 1 ms window is spent.
    await letTimePassInDatabase(app.db, 20);
    await app.db.insert(idempotencyKeys).values([
      {
        userId: user.id,
        key: 'old-key-123',
        operation: 'transfer',
        requestHash: 'x',
        response: { ok: false, code: 'BAD_REQUEST', message: 'Insufficient funds' },
        createdAt: new Date(Date.now() - 25 * 60 * 60_000),
      },
      {
        userId: user.id,
        key: 'new-key-123',
        operation: 'transfer',
        requestHash: 'x',
        response: { ok: false, code: 'BAD_REQUEST', message: 'Insufficient funds' },
      },
    ]);
    // Events arrive in id order: the old one has the lowest id.
    await app.db.insert(events).values([
      {
        id: 0n,
        userId: user.id,
        event: { type: 'system:error', data: { message: 'old' } },
        createdAt: new Date(Date.now() - 25 * 60 * 60_000),
      },
      { userId: user.id, event: { type: 'system:error', data: { message: 'new' } } },
    ]);

    const swept = await sweepExpired(app.db);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.idempotencyKeys).toBe(1);
    expect(swept.events).toBe(1);
    expect(await app.db.select().from(sessions).where(eq(sessions.id, staleId))).toHaveLength(0);
    expect((await (await app.caller(live.token)).auth.me()).user?.email).toBe(user.email);
    expect(
      await app.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, 'sweep:spent')),
    ).toHaveLength(0);
    expect(await app.deps.rateLimiter.count('sweep:live')).toBe(1);
    const keys = await app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(keys.map((k) => k.key)).toEqual(['new-key-123']);
  });

  it('drops finished webhook deliveries after 30 days, and keeps pending and recent ones', async () => {
    const user = await app.registerVerified();
    const [subscription] = await app.db
      .insert(webhookSubscriptions)
      .values({
        clientId: 'app_sweep',
        url: 'http://127.0.0.1:9/hooks',
        events: ['transaction.created'],
        secretSealed: 'sealed',
      })
      .returning();
    if (!subscription) throw new Error('no subscription');
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const delivery = (
      messageId: string,
      status: 'pending' | 'delivered' | 'failed',
      ageDays: number,
    ) => ({
      subscriptionId: subscription.id,
      clientId: 'app_sweep',
      messageId,
      eventType: 'transaction.created',
      userId: user.id,
      payload: '{}',
      status,
      windowStartedAt: new Date(now - ageDays * day),
    });
    await app.db
      .insert(webhookDeliveries)
      .values([
        delivery('msg_old_delivered', 'delivered', 31),
        delivery('msg_old_failed', 'failed', 40),
        delivery('msg_old_pending', 'pending', 31),
        delivery('msg_recent_delivered', 'delivered', 29),
      ]);
    const swept = await sweepExpired(app.db, now);
    expect(swept.webhookDeliveries).toBe(2);
    const left = await app.db
      .select({ messageId: webhookDeliveries.messageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscription.id));
    expect(left.map((row) => row.messageId).sort()).toEqual([
      'msg_old_pending',
      'msg_recent_delivered',
    ]);
  });
});

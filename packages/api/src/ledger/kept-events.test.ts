import { eventBatches, events, notifications } from '@bank/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../realtime/events.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { fundedCustomer } from '../testing/money.ts';
import { LedgerDesk } from './desk.ts';
import { keepEvents } from './kept-events.ts';

const app = await createFileTestApp();

const transactionIdsLoggedFor = async (userId: string) =>
  (
    await app.db
      .select({ id: sql<string>`${events.event}->'data'->>'transactionId'` })
      .from(events)
      .where(and(eq(events.userId, userId), sql`${events.event}->>'type' = 'transaction:new'`))
      .orderBy(events.id)
  ).map((row) => row.id);

describe('events kept by the money statement (decision 048)', () => {
  it('announces a movement’s events, inbox rows and nothing else once it has committed', async () => {
    const bob = await fundedCustomer(app, 100, 'Bob');
    const alice = await fundedCustomer(app, 0, 'Alice');
    const sent = await bob.caller.transactions.transfer({
      recipientAccountNumber: alice.accountNumber,
      amount: 12,
    });
    await app.deps.ledger.announced();
    const id = sent.transaction.id;
    expect(await transactionIdsLoggedFor(alice.id)).toEqual([id]);
    expect((await transactionIdsLoggedFor(bob.id)).at(-1)).toBe(id);
    const inbox = await app.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, alice.id));
    expect(inbox.map((row) => row.title)).toContain('Received $12.00 from Bob Customer');
    expect(await app.db.select().from(eventBatches)).toEqual([]);
  });

  it('announces what a crash left kept, once, at the time the money moved', async () => {
    const carol = await fundedCustomer(app, 0, 'Carol');
    await app.deps.ledger.announced();
    const left: QueuedEvent[] = [
      {
        userId: carol.id,
        event: {
          type: 'transaction:new',
          data: {
            transactionId: 'left-by-a-crash',
            type: 'deposit',
            status: 'completed',
            amount: 5,
            direction: 'credit',
            description: 'Kept before the crash',
            newBalance: 5,
            notify: true,
          },
        },
      },
    ];
    const movedAt = '2026-12-01 09:30:00.123456+00';
    await app.db.insert(eventBatches).values({ events: left, createdAt: new Date(movedAt) });
    // Two instances start at once: each looks for kept rows.
    const other = new LedgerDesk(app.db, app.deps.settings);
    other.announceKept();
    app.deps.ledger.announceKept();
    await Promise.all([other.announced(), app.deps.ledger.announced()]);
    await other.close();
    expect(await transactionIdsLoggedFor(carol.id)).toEqual(
      expect.arrayContaining(['left-by-a-crash']),
    );
    expect(
      (await transactionIdsLoggedFor(carol.id)).filter((id) => id === 'left-by-a-crash'),
    ).toHaveLength(1);
    const [logged] = await app.db
      .select({ at: events.createdAt })
      .from(events)
      .where(sql`${events.event}->'data'->>'transactionId' = 'left-by-a-crash'`);
    expect(logged?.at.toISOString()).toBe('2026-12-01T09:30:00.123Z');
    expect(await app.db.select().from(eventBatches)).toEqual([]);
  });

  it('refuses, before any money moves, an event too large to NOTIFY', () => {
    const huge: QueuedEvent = {
      userId: null,
      event: { type: 'system:error', data: { message: 'x'.repeat(7_000) } },
    };
    expect(() => keepEvents([huge], sql`true`)).toThrow('too large to announce');
  });
});

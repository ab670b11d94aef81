import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { publishEvent } from './events.ts';
import { EventHub } from './hub.ts';
import { DispatchedIds, readNewestEventId } from './replay.ts';

const app = await createFileTestApp();

/**
 * What `userId` hears from `work`: everything up to a marker published to them after it. Events
 * arrive in the order they were committed, so whatever `work` caused has come by then.
 */
async function collect(userId: string, work: () => Promise<void>) {
  const controller = new AbortController();
  const events = app.deps.hub.subscribe(userId, controller.signal);
  await work();
  const marker = `marker ${crypto.randomUUID()}`;
  await publishEvent(app.db, userId, { type: 'system:error', data: { message: marker } });
  const received: string[] = [];
  for await (const { event } of events) {
    if (event.type === 'system:error' && event.data.message === marker) break;
    received.push(event.type);
  }
  controller.abort();
  return received;
}

describe('realtime events', () => {
  it('reach the user only after the writing transaction commits', async () => {
    const userId = crypto.randomUUID();
    const received = await collect(userId, async () => {
      await app.db.transaction(async (tx) => {
        await publishEvent(tx, userId, { type: 'system:error', data: { message: 'committed' } });
      });
    });
    expect(received).toEqual(['system:error']);
  });

  it('never announce work that was rolled back', async () => {
    const userId = crypto.randomUUID();
    const received = await collect(userId, async () => {
      await app.db
        .transaction(async (tx) => {
          await publishEvent(tx, userId, {
            type: 'system:error',
            data: { message: 'rolled back' },
          });
          throw new Error('abort');
        })
        .catch(() => {});
    });
    expect(received).toEqual([]);
  });

  it('go to their user alone, and broadcasts to everyone', async () => {
    const alice = crypto.randomUUID();
    const bob = crypto.randomUUID();
    const forBob: string[] = [];
    const controller = new AbortController();
    const bobDone = (async () => {
      for await (const envelope of app.deps.hub.subscribe(bob, controller.signal))
        forBob.push(envelope.event.type);
    })();
    const forAlice = await collect(alice, async () => {
      await publishEvent(app.db, alice, {
        type: 'loan:status',
        data: { loanId: 'l1', status: 'approved' },
      });
      await publishEvent(app.db, null, {
        type: 'system:maintenance',
        data: { active: true, message: 'Tonight', infoUrl: '/help' },
      });
    });
    // The broadcast came after Alice's own event: had hers reached Bob, it would be here first.
    await vi.waitFor(() => expect(forBob).toContain('system:maintenance'));
    controller.abort();
    await bobDone;
    expect(forAlice).toEqual(['loan:status', 'system:maintenance']);
    expect(forBob).toEqual(['system:maintenance']);
  });
});

describe('a hub subscription', () => {
  it('listens from the call on, before anyone reads it (so the log can be read in between)', async () => {
    const userId = crypto.randomUUID();
    const controller = new AbortController();
    const events = app.deps.hub.subscribe(userId, controller.signal);
    await publishEvent(app.db, userId, { type: 'system:error', data: { message: 'early' } });
    const first = await events.next();
    expect(first.done ? null : first.value.event).toEqual({
      type: 'system:error',
      data: { message: 'early' },
    });
    controller.abort();
    expect((await events.next()).done).toBe(true);
  });

  it('lets go of its listener when aborted, even if never read', () => {
    const before = app.deps.hub.connectedUsers();
    const controller = new AbortController();
    app.deps.hub.subscribe(crypto.randomUUID(), controller.signal);
    expect(app.deps.hub.connectedUsers()).toBe(before + 1);
    controller.abort();
    expect(app.deps.hub.connectedUsers()).toBe(before);
  });
});

/**
 * A LISTEN connection the test controls: what it delivers, and when it "comes back" (its
 * onListen runs again). Payloads are what logAndNotify NOTIFYs, read from the log.
 */
async function controlledHub() {
  let deliver: (payload: string) => void = () => {};
  let relisten: () => void = () => {};
  const hub = new EventHub();
  await hub.start({
    db: app.db,
    async listen(_channel, onPayload, onListen) {
      deliver = onPayload;
      relisten = () => onListen?.();
      onListen?.();
      return async () => {};
    },
  });
  async function payloadOf(id: bigint): Promise<string> {
    const [row] = await queryRows(
      app.db,
      sql`select jsonb_build_object('id', id::text, 'userId', user_id, 'event', event)::text as payload
        from events where id = ${id}`,
      z.object({ payload: z.string() }),
    );
    if (!row) throw new Error(`no event ${id}`);
    return row.payload;
  }
  return {
    hub,
    deliver: (payload: string) => deliver(payload),
    relisten: () => relisten(),
    payloadOf,
  };
}

describe('a hub whose LISTEN connection comes back', () => {
  it('dispatches, once, what was committed while it was away', async () => {
    const { hub, deliver, relisten, payloadOf } = await controlledHub();
    const userId = crypto.randomUUID();
    const controller = new AbortController();
    const received: string[] = [];
    const done = (async () => {
      for await (const envelope of hub.subscribe(userId, controller.signal)) {
        received.push(envelope.id);
      }
    })();
    // Heard live, then two unheard while the connection was down.
    await publishEvent(app.db, userId, { type: 'system:error', data: { message: 'live' } });
    const live = await readNewestEventId(app.db);
    deliver(await payloadOf(live));
    await publishEvent(app.db, userId, { type: 'system:error', data: { message: 'missed 1' } });
    await publishEvent(app.db, null, { type: 'system:error', data: { message: 'missed 2' } });
    const newest = await readNewestEventId(app.db);
    relisten();
    await vi.waitFor(() => expect(received).toHaveLength(3));
    // The missed ones' NOTIFYs arriving late (after the read) are not dispatched again.
    deliver(await payloadOf(newest));
    deliver(await payloadOf(live));
    relisten();
    await publishEvent(app.db, userId, { type: 'system:error', data: { message: 'after' } });
    deliver(await payloadOf(await readNewestEventId(app.db)));
    await vi.waitFor(() => expect(received).toHaveLength(4));
    expect(new Set(received).size).toBe(4);
    expect(received).toEqual([...received].sort((a, b) => Number(BigInt(a) - BigInt(b))));
    controller.abort();
    await done;
    await hub.stop();
  });

  it('ends the watched sessions that ended while it was away', async () => {
    const { hub, relisten } = await controlledHub();
    const user = await app.registerVerified();
    const { token } = await app.signIn(user.email);
    const other = await app.signIn(user.email);
    const ended = await app.deps.sessions.validate(token);
    const kept = await app.deps.sessions.validate(other.token);
    const calls: string[] = [];
    hub.watchSession(ended?.session.id ?? '', () => calls.push('ended'));
    hub.watchSession(kept?.session.id ?? '', () => calls.push('kept'));
    // The logout's NOTIFY never reaches this hub.
    await (await app.caller(token)).auth.logout();
    relisten();
    await vi.waitFor(() => expect(calls).toEqual(['ended']));
    expect(hub.watchedSessions()).toBe(1);
    await hub.stop();
  });
});

describe('the ids a hub dispatched', () => {
  it('are told apart from new ones, and the oldest forgotten raise where a catch-up reads from', () => {
    const ids = new DispatchedIds(3);
    expect(ids.floor()).toBeNull();
    ids.startAfter(10n);
    expect(ids.add('12')).toBe(true);
    expect(ids.add('11')).toBe(true);
    expect(ids.add('12')).toBe(false);
    expect(ids.add('13')).toBe(true);
    expect(ids.floor()).toBe(10n);
    // A fourth forgets the first remembered (12): the log is read after it from now on.
    expect(ids.add('14')).toBe(true);
    expect(ids.floor()).toBe(12n);
    expect(ids.add('11')).toBe(false);
  });
});

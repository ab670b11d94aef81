import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { publishEvent } from './events.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function collect(userId: string, work: () => Promise<void>, waitMs = 300) {
  const controller = new AbortController();
  const received: string[] = [];
  const done = (async () => {
    for await (const envelope of app.deps.hub.subscribe(userId, controller.signal)) {
      received.push(envelope.event.type);
    }
  })();
  await work();
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  controller.abort();
  await done;
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

import { events } from '@bank/db/schema';
import { max, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createContextInner } from '../context.ts';
import { createCaller } from '../root.ts';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { type AppEvent, EVENTS_CHANNEL, publishEvent } from './events.ts';
import { parseEventId, readMissedEvents } from './replay.ts';

const app = await createFileTestApp();

function notice(message: string): AppEvent {
  return { type: 'system:error', data: { message } };
}

/** What a received event says, for comparing streams. */
function messageOf(event: AppEvent): string {
  return 'message' in event.data && typeof event.data.message === 'string'
    ? event.data.message
    : event.type;
}

/**
 * A caller gets what the procedure yielded, tracked()'s `[id, data]` tuple, although its type
 * is the wire's `{ id, data }`: read it as it comes.
 */
function trackedEvent(value: unknown): { id: string; message: string } {
  if (!Array.isArray(value)) throw new Error('not a tracked event');
  const [id, event]: unknown[] = value;
  if (typeof id !== 'string' || typeof event !== 'object' || event === null) {
    throw new Error('not a tracked event');
  }
  const data = 'data' in event && typeof event.data === 'object' ? event.data : null;
  const message = data && 'message' in data ? data.message : undefined;
  return { id, message: typeof message === 'string' ? message : String(event) };
}

/** The newest id in the log: a client that saw everything so far would send it back. */
async function lastLoggedId(): Promise<string> {
  // Movements made so far are logged once announced (decision 048).
  await app.deps.ledger.announced();
  const [row] = await app.db.select({ id: max(events.id) }).from(events);
  return String(row?.id ?? 0n);
}

async function signedInUser() {
  const user = await app.registerVerified();
  const { token } = await app.signIn(user.email);
  return { id: user.id, token };
}

/**
 * Opens `events.onEvent` as the WebSocket adapter does for a client that (re)subscribes: asks
 * for the first event at once and resolves once the hub listens. `take` waits for the next
 * `count` events (failing after a while rather than hanging); `stop` is the client leaving.
 */
async function subscribe(token: string, lastEventId?: string | null) {
  const controller = new AbortController();
  const ctx = createContextInner({ deps: app.deps, auth: await app.deps.sessions.validate(token) });
  const caller = createCaller(ctx, { signal: controller.signal });
  const listenersBefore = app.deps.hub.connectedUsers();
  const stream = await caller.events.onEvent(
    lastEventId === undefined ? undefined : { lastEventId },
  );
  const iterator = stream[Symbol.asyncIterator]();
  let pending = iterator.next();
  await vi.waitFor(() => expect(app.deps.hub.connectedUsers()).toBeGreaterThan(listenersBefore));
  async function take(count: number) {
    const taken: Array<{ id: string; message: string }> = [];
    for (let n = 0; n < count; n += 1) {
      const next = await Promise.race([
        pending,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`only ${taken.length} of ${count} events`)), 5000),
        ),
      ]);
      if (next.done) throw new Error('the subscription ended');
      pending = iterator.next();
      taken.push(trackedEvent(next.value));
    }
    return taken;
  }
  async function stop() {
    controller.abort();
    expect((await pending).done).toBe(true);
  }
  return { take, stop };
}

describe('events.onEvent resuming from lastEventId', () => {
  it('replays what the user missed, in order, then the live events, each once', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const before = await lastLoggedId();
    // Published while nobody listens: a client between two connections.
    await publishEvent(app.db, alice.id, notice('missed 1'));
    await publishEvent(app.db, bob.id, notice('for bob'));
    await publishEvent(app.db, null, notice('missed broadcast'));
    await publishEvent(app.db, alice.id, notice('missed 2'));

    const stream = await subscribe(alice.token, before);
    const replayed = await stream.take(3);
    expect(replayed.map((event) => event.message)).toEqual([
      'missed 1',
      'missed broadcast',
      'missed 2',
    ]);
    const ids = replayed.map((event) => BigInt(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(ids.every((id) => id > BigInt(before))).toBe(true);

    await publishEvent(app.db, alice.id, notice('live 1'));
    await publishEvent(app.db, null, notice('live broadcast'));
    expect((await stream.take(2)).map((event) => event.message)).toEqual([
      'live 1',
      'live broadcast',
    ]);
    await stream.stop();
  });

  it('drops the live copy of an event it already replayed', async () => {
    const alice = await signedInUser();
    const before = await lastLoggedId();
    await publishEvent(app.db, alice.id, notice('committed while reconnecting'));
    const stream = await subscribe(alice.token, before);
    const [replayed] = await stream.take(1);
    if (!replayed) throw new Error('nothing replayed');
    // The same event heard live as well (it committed after the hub listened, before the read).
    const duplicate = JSON.stringify({
      id: replayed.id,
      userId: alice.id,
      event: notice('committed while reconnecting'),
    });
    await app.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${duplicate})`);
    await publishEvent(app.db, alice.id, notice('after'));
    expect(await stream.take(1)).toEqual([{ id: expect.any(String), message: 'after' }]);
    await stream.stop();
  });

  it('gives only live events without a usable lastEventId', async () => {
    const alice = await signedInUser();
    // Wait until 'old' has reached this instance, so it cannot arrive live later.
    const listening = await subscribe(alice.token, undefined);
    await publishEvent(app.db, alice.id, notice('old'));
    expect((await listening.take(1)).map((event) => event.message)).toEqual(['old']);
    await listening.stop();
    for (const lastEventId of [undefined, null, 'not-a-number', '-1', '99999999999999999999']) {
      const stream = await subscribe(alice.token, lastEventId);
      await publishEvent(app.db, alice.id, notice(`live ${lastEventId}`));
      expect((await stream.take(1)).map((event) => event.message)).toEqual([`live ${lastEventId}`]);
      await stream.stop();
    }
  });

  it('still refuses a client that is not signed in', async () => {
    const anonymous = await app.caller(null);
    const refused = await rejectionOf(anonymous.events.onEvent({ lastEventId: '1' }));
    expect(refused.code).toBe('UNAUTHORIZED');
  });
});

describe('readMissedEvents', () => {
  it('reads the user’s events and broadcasts after an id, oldest first, at most `limit`', async () => {
    const carol = crypto.randomUUID();
    const dave = crypto.randomUUID();
    const before = BigInt(await lastLoggedId());
    await publishEvent(app.db, carol, notice('c1'));
    await publishEvent(app.db, dave, notice('d1'));
    await publishEvent(app.db, null, notice('all'));
    await publishEvent(app.db, carol, notice('c2'));
    const missed = await readMissedEvents(app.db, carol, before);
    expect(missed.map((envelope) => messageOf(envelope.event))).toEqual(['c1', 'all', 'c2']);
    expect(missed.map((envelope) => envelope.userId)).toEqual([carol, null, carol]);
    const first = await readMissedEvents(app.db, carol, before, 2);
    expect(first.map((envelope) => messageOf(envelope.event))).toEqual(['c1', 'all']);
    const lastId = missed.at(-1)?.id ?? '';
    expect(await readMissedEvents(app.db, carol, BigInt(lastId))).toEqual([]);
  });
});

describe('parseEventId', () => {
  it('accepts the ids of the log and nothing else', () => {
    expect(parseEventId('42')).toBe(42n);
    expect(parseEventId('9223372036854775807')).toBe(9223372036854775807n);
    for (const bad of [undefined, null, '', 'abc', '-1', '1.5', ' 1', '9223372036854775808']) {
      expect(parseEventId(bad)).toBeNull();
    }
  });
});

import { createContextInner } from '@bank/api/context';
import { publishEvent } from '@bank/api/realtime/events';
import { EventHub } from '@bank/api/realtime/hub';
import { createCaller } from '@bank/api/root';
import { rejectionOf, testPassword } from '@bank/api/testing/harness';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE_CODE } from './plugins/trpc.ts';
import { listenOnFreePort, useTestServer } from './testing.ts';

// From the security review: a session that ends, ends everywhere at once: its WebSockets close on
// every instance and no event reaches them afterwards.

const started = useTestServer();
let port = 0;
beforeAll(async () => {
  port = await listenOnFreePort(started.server);
});

/**
 * A client as the SPA's wsLink is: connection params with the token, then the subscription.
 * Returned once it listens: a marker published to the user has reached it.
 */
async function connect({ token, id }: { token: string; id: string }) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc?connectionParams=1`);
  const received: string[] = [];
  const errors: string[] = [];
  const markers = new Set<string>();
  let subscribed: () => void = () => {};
  const subscriptionStarted = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.error) errors.push(message.error.message);
    if (message.result?.type === 'started') subscribed();
    const event = message.result?.type === 'data' ? message.result.data.data : null;
    if (event?.type !== 'system:error') return;
    if (event.data.message.startsWith('marker ')) markers.add(event.data.message);
    else received.push(event.data.message);
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  let nextId = 1;
  const subscribe = () => {
    socket.send(
      JSON.stringify({
        id: nextId++,
        method: 'subscription',
        params: { path: 'events.onEvent', input: null },
      }),
    );
  };
  socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
  subscribe();
  await subscriptionStarted;
  // 'started' is sent before the procedure listens: markers are published until one arrives.
  const marker = `marker ${crypto.randomUUID()}`;
  await expect
    .poll(async () => {
      await publishEvent(started.app.db, id, notice(marker));
      return markers.has(marker);
    })
    .toBe(true);
  return { socket, received, errors, closed, subscribe };
}

const notice = (message: string) => ({ type: 'system:error' as const, data: { message } });

async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function customer() {
  const { app } = started;
  const user = await app.registerVerified();
  const { token } = await app.signIn(user.email);
  return { ...user, token };
}

async function admin() {
  const { app } = started;
  const staff = await customer();
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.id));
  return staff;
}

describe('when a session ends', () => {
  const endings: Array<[string, (user: Awaited<ReturnType<typeof customer>>) => Promise<void>]> = [
    [
      'logout',
      async (user) => {
        await (await started.app.caller(user.token)).auth.logout();
      },
    ],
    [
      'a block',
      async (user) => {
        const staff = await admin();
        await (await started.app.caller(staff.token)).admin.setUserBlocked({
          id: user.id,
          blocked: true,
        });
      },
    ],
    [
      'a password change on another device',
      async (user) => {
        const other = await started.app.signIn(user.email);
        await (await started.app.caller(other.token)).auth.changePassword({
          currentPassword: testPassword,
          newPassword: 'New!Passw0rd1',
        });
      },
    ],
    [
      'a password reset',
      async (user) => {
        await (await started.app.caller()).auth.forgotPassword({ email: user.email });
        const token = await started.app.tokenFromMail(user.email, '/reset-password');
        await (await started.app.caller()).auth.resetPassword({
          token,
          password: 'New!Passw0rd1',
        });
      },
    ],
    [
      'an administrator signing the user out',
      async (user) => {
        const staff = await admin();
        await (await started.app.caller(staff.token)).admin.endUserSessions({ id: user.id });
      },
    ],
    [
      'an administrator ending that one session on the security screen',
      async (user) => {
        const staff = await admin();
        await (await started.app.caller(staff.token)).oversight.endSession({
          id: user.token.split('.')[0] ?? '',
        });
      },
    ],
  ];

  it.each(
    endings,
  )('by %s, its WebSocket closes within a second and hears nothing more', async (_, end) => {
    const { app } = started;
    const user = await customer();
    const client = await connect(user);
    await publishEvent(app.db, user.id, notice('before'));
    await expect.poll(() => client.received).toEqual(['before']);
    await end(user);
    expect(await within(1000, client.closed)).toBe(SESSION_ENDED_CLOSE_CODE);
    // Once the hub has handed 'after' out (a listener in this process hears it), the socket
    // would have been sent it too.
    const controller = new AbortController();
    const listener = started.app.deps.hub.subscribe(user.id, controller.signal);
    await publishEvent(app.db, user.id, notice('after'));
    expect((await listener.next()).value?.event).toEqual(notice('after'));
    controller.abort();
    expect(client.received).toEqual(['before']);
  });

  it('a 2FA disable closes the other devices’ sockets, not the one that disabled it', async () => {
    const { app } = started;
    const user = await customer();
    const setup = await app.caller(user.token);
    await setup.auth.setup2fa();
    const { recoveryCodes } = await setup.auth.enable2fa({ code: await app.currentTotp(user.id) });
    const other = await app.signIn(user.email);
    await (await app.caller(other.token)).auth.verify2fa({
      code: await app.currentTotp(user.id, 1),
    });
    const elsewhere = await connect({ token: other.token, id: user.id });
    const mine = await connect(user);
    const here = await app.caller(user.token);
    await here.auth.disable2fa({ code: recoveryCodes[0] ?? '' });
    expect(await within(1000, elsewhere.closed)).toBe(SESSION_ENDED_CLOSE_CODE);
    await publishEvent(app.db, user.id, notice('still here'));
    await expect.poll(() => mine.received).toEqual(['still here']);
    mine.socket.close();
  });

  it('reaches every instance listening on the database, not only the one that ended it', async () => {
    const { app } = started;
    const user = await customer();
    const otherInstance = new EventHub();
    await otherInstance.start(app.handle);
    try {
      const auth = await app.deps.sessions.validate(user.token);
      let ended = false;
      otherInstance.watchSession(auth?.session.id ?? '', () => {
        ended = true;
      });
      await (await app.caller(user.token)).auth.logout();
      await expect.poll(() => ended, { timeout: 1000 }).toBe(true);
      expect(otherInstance.watchedSessions()).toBe(0);
    } finally {
      await otherInstance.stop();
    }
  });

  it('a new subscription on a socket whose session ended is refused', async () => {
    const { app } = started;
    const user = await customer();
    // The context a socket got when it connected, before the block.
    const ctx = createContextInner({
      deps: app.deps,
      auth: await app.deps.sessions.validate(user.token),
    });
    const staff = await admin();
    await (await app.caller(staff.token)).admin.setUserBlocked({ id: user.id, blocked: true });
    const stream = await createCaller(ctx).events.onEvent();
    const refused = await rejectionOf(stream[Symbol.asyncIterator]().next());
    expect(refused.code).toBe('UNAUTHORIZED');
  });
});

import { CLOSE_CODES, FAIRNESS_BOUNDS, Fairness, type FairnessBounds } from '@bank/api/fairness';
import { createTestApp, type TestApp } from '@bank/api/testing/harness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildTestServer, listenOnFreePort, ruleRefused } from './testing.ts';

// One customer's burst (3,000 queries on one socket, 3,000 HTTP requests) stalled
// everyone; a closed socket's queued calls still ran; sockets and subscriptions were unbounded.
// Small bounds here, so each is reached in a few calls; the clock of the message window is
// frozen, so a burst is one window whatever the machine's speed.

const bounds: FairnessBounds = {
  ...FAIRNESS_BOUNDS,
  callsInFlightPerSession: 4,
  socketsPerSession: 2,
  socketsPerAddress: 5,
  subscriptionsPerSocket: 2,
  messagesPerSecondPerSocket: 20,
  refusalPauseMs: 0,
};

let app: TestApp;
let server: FastifyInstance;
let fairness: Fairness;
let port = 0;
beforeAll(async () => {
  app = await createTestApp();
  fairness = new Fairness(bounds, () => 1_000_000);
  server = await buildTestServer({ ...app.deps, fairness });
  port = await listenOnFreePort(server);
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

async function customer() {
  const user = await app.registerVerified();
  const { token } = await app.signIn(user.email);
  return { ...user, token };
}

interface Answer {
  id: number;
  ok: boolean;
  code?: string;
}

/** A WebSocket as the SPA's wsLink opens one: the token first, then the calls. */
async function openSocket(token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc?connectionParams=1`);
  const answers: Answer[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.result?.type === 'started' || message.result?.type === 'data') {
      answers.push({ id: message.id, ok: true });
    } else if (message.error) {
      answers.push({ id: message.id, ok: false, code: message.error.data?.code });
    }
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(JSON.stringify({ method: 'connectionParams', data: { token } }));
  let nextId = 1;
  const query = (path = 'transactions.balance') => ({
    id: nextId++,
    method: 'query',
    params: { path, input: null },
  });
  const subscription = () => ({
    id: nextId++,
    method: 'subscription',
    params: { path: 'events.onEvent', input: null },
  });
  /** One call, answered (the socket's context is made by then). */
  const ask = async () => {
    const call = query();
    socket.send(JSON.stringify(call));
    await expect.poll(() => answers.some((a) => a.id === call.id)).toBe(true);
    return answers.find((a) => a.id === call.id);
  };
  return { socket, answers, closed, query, subscription, ask };
}

async function balanceOverHttp(token: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/transactions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

describe('one customer cannot stall another', () => {
  it('a burst on one socket: calls beyond the bound in flight are refused, the other customer is answered', async () => {
    const flooder = await customer();
    const other = await customer();
    const flood = await openSocket(flooder.token);
    expect((await flood.ask())?.ok).toBe(true);
    // One message with a batch of 12 calls (tRPC takes arrays): they start together.
    const batch = Array.from({ length: 12 }, () => flood.query());
    flood.socket.send(JSON.stringify(batch));
    const otherAnswer = await balanceOverHttp(other.token);
    expect(otherAnswer.status).toBe(200);
    await expect.poll(() => flood.answers.length).toBe(13);
    const batchAnswers = flood.answers.slice(1);
    expect(batchAnswers.filter((a) => a.ok)).toHaveLength(bounds.callsInFlightPerSession);
    expect(batchAnswers.filter((a) => a.code === 'RATE_LIMITED')).toHaveLength(
      12 - bounds.callsInFlightPerSession,
    );
    flood.socket.close();
  });

  it('many HTTP calls from one session: those beyond the bound get 429 with Retry-After, RATE_LIMITED', async () => {
    const flooder = await customer();
    const other = await customer();
    // Every call waits inside its procedure until let through: the flooder's pile up at once.
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const read = app.deps.settings.get.bind(app.deps.settings);
    const settings = vi.spyOn(app.deps.settings, 'get').mockImplementation(async () => {
      await held;
      return read();
    });
    try {
      const refusedBefore = fairness.refused.callsInFlight;
      const flood = Array.from({ length: 30 }, () => balanceOverHttp(flooder.token));
      await expect
        .poll(() => fairness.refused.callsInFlight)
        .toBe(refusedBefore + 30 - bounds.callsInFlightPerSession);
      // The flooder is at its bound, its other calls refused; the other customer still gets in.
      const otherCall = balanceOverHttp(other.token);
      await expect.poll(() => settings.mock.calls.length).toBe(bounds.callsInFlightPerSession + 1);
      letThrough();
      expect((await otherCall).status).toBe(200);
      const answers = await Promise.all(flood);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(bounds.callsInFlightPerSession);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(30 - bounds.callsInFlightPerSession);
      for (const answer of refused) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.body).toEqual(
          ruleRefused(
            'RATE_LIMITED',
            'Too many requests at once. Wait for your other requests to finish.',
          ),
        );
      }
    } finally {
      settings.mockRestore();
    }
    // The bound is on calls at once, not a quota: one more, alone, is answered.
    expect((await balanceOverHttp(flooder.token)).status).toBe(200);
  });
});

describe('the bound in flight', () => {
  it('counts a tRPC batch over HTTP once: all of its calls are answered', async () => {
    const user = await customer();
    const calls = bounds.callsInFlightPerSession * 2;
    const paths = Array.from({ length: calls }, () => 'transactions.balance').join(',');
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, null]))),
    );
    const response = await fetch(`http://127.0.0.1:${port}/trpc/${paths}?batch=1&input=${input}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    const answers: unknown = await response.json();
    expect(answers).toEqual(Array.from({ length: calls }, () => ({ result: expect.anything() })));
  });
});

describe('a WebSocket', () => {
  it('beyond the sockets of one session is closed with 4429', async () => {
    const user = await customer();
    const open = [];
    for (let i = 0; i < bounds.socketsPerSession; i++) {
      const socket = await openSocket(user.token);
      expect((await socket.ask())?.ok).toBe(true);
      open.push(socket);
    }
    const extra = await openSocket(user.token);
    expect(await extra.closed).toEqual(CLOSE_CODES.tooManyConnections);
    // A socket that closes gives its place back.
    open[0]?.socket.close();
    await open[0]?.closed;
    await expect
      .poll(() => fairness.sockets.count(`session:${user.token.split('.')[0]}`))
      .toBeLessThan(bounds.socketsPerSession);
    const again = await openSocket(user.token);
    expect((await again.ask())?.ok).toBe(true);
    for (const socket of [...open, again]) socket.socket.close();
  });

  it('beyond the sockets of one address is closed with 4429, signed in or not', async () => {
    const users = [];
    for (let i = 0; i < bounds.socketsPerAddress; i++) users.push(await customer());
    await expect.poll(() => server.websocketServer.clients.size).toBe(0);
    const open = [];
    for (const user of users) {
      const socket = await openSocket(user.token);
      expect((await socket.ask())?.ok).toBe(true);
      open.push(socket);
    }
    const extra = await openSocket((await customer()).token);
    expect(await extra.closed).toEqual(CLOSE_CODES.tooManyConnections);
    for (const socket of open) socket.socket.close();
  });

  it('beyond its subscriptions is closed with 4430', async () => {
    const user = await customer();
    const client = await openSocket(user.token);
    for (let i = 1; i <= bounds.subscriptionsPerSocket; i++) {
      client.socket.send(JSON.stringify(client.subscription()));
      await expect.poll(() => client.answers.filter((a) => a.ok)).toHaveLength(i);
    }
    client.socket.send(JSON.stringify(client.subscription()));
    expect(await client.closed).toEqual(CLOSE_CODES.tooManySubscriptions);
  });

  it('beyond its messages in one second is closed with 4431, and what it sent after is not run', async () => {
    const user = await customer();
    const client = await openSocket(user.token);
    expect((await client.ask())?.ok).toBe(true);
    const dropped = fairness.refused.closedSocket;
    // The connection parameters and the first call were two of the window's messages.
    for (let i = 0; i < bounds.messagesPerSecondPerSocket + 5; i++) {
      client.socket.send(JSON.stringify(client.query()));
    }
    expect(await client.closed).toEqual(CLOSE_CODES.tooManyMessages);
    expect(fairness.refused.closedSocket).toBeGreaterThan(dropped);
  });

  it('that closes drops its calls still waiting: none of them runs', async () => {
    const user = await customer();
    // The socket's session lookup waits until the socket has closed: its calls queue behind it.
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const validate = app.deps.sessions.validate.bind(app.deps.sessions);
    const spy = vi.spyOn(app.deps.sessions, 'validate').mockImplementationOnce(async (...args) => {
      await held;
      return validate(...args);
    });
    const settings = vi.spyOn(app.deps.settings, 'get');
    try {
      const client = await openSocket(user.token);
      await expect.poll(() => spy.mock.calls.length).toBe(1);
      for (let i = 0; i < 10; i++) client.socket.send(JSON.stringify(client.query()));
      const dropped = fairness.refused.closedSocket;
      const ran = settings.mock.calls.length;
      client.socket.terminate();
      await expect.poll(() => server.websocketServer.clients.size).toBe(0);
      letThrough();
      await expect.poll(() => fairness.refused.closedSocket).toBe(dropped + 10);
      // Each call that ran would have read the settings (the maintenance check).
      expect(settings.mock.calls.length).toBe(ran);
    } finally {
      spy.mockRestore();
      settings.mockRestore();
    }
  });
});

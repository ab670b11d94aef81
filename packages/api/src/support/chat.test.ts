import { events, users } from '@bank/db/schema';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createContextInner } from '../context.ts';
import { publishEvent } from '../realtime/events.ts';
import { createCaller } from '../root.ts';
import { createFileTestApp } from '../testing/harness.ts';
import { supportQuestion } from '../testing/support.ts';

const app = await createFileTestApp();

async function person(role: 'user' | 'support' | 'admin' = 'user') {
  const user = await app.registerVerified();
  if (role !== 'user') await app.db.update(users).set({ role }).where(eq(users.id, user.id));
  const { token } = await app.signIn(user.email);
  return { ...user, token, api: await app.caller(token) };
}

/** A client's one subscription, collecting every event it receives. */
async function listen(who: { token: string; id: string }) {
  const controller = new AbortController();
  const ctx = createContextInner({
    deps: app.deps,
    auth: await app.deps.sessions.validate(who.token),
  });
  const caller = createCaller(ctx, { signal: controller.signal });
  const before = app.deps.hub.connectedUsers();
  const stream = await caller.events.onEvent(undefined);
  const received: Array<{ type: string; data: Record<string, unknown> }> = [];
  /** Markers heard (see `caughtUp`), kept apart from what the test judges. */
  const markers = new Set<string>();
  const done = (async () => {
    for await (const value of stream) {
      // tracked(id, event) arrives as [id, event] through a caller.
      const event: unknown = Array.isArray(value) ? value[1] : value;
      if (typeof event === 'object' && event !== null && 'type' in event && 'data' in event) {
        const data: Record<string, unknown> = Object(event.data);
        const message = String(data.message);
        if (event.type === 'system:error' && message.startsWith('marker ')) markers.add(message);
        else received.push({ type: String(event.type), data });
      }
    }
  })();
  await vi.waitFor(() => expect(app.deps.hub.connectedUsers()).toBeGreaterThan(before));
  return {
    received,
    chatLines: () =>
      received.filter((e) => e.type === 'new_support_message').map((e) => String(e.data.message)),
    /**
     * Everything sent to this client so far has arrived: a marker published to it now has come
     * (events arrive in the order they were committed), so a duplicate or a stray is here too.
     */
    async caughtUp() {
      const marker = `marker ${crypto.randomUUID()}`;
      await publishEvent(app.db, who.id, { type: 'system:error', data: { message: marker } });
      await vi.waitFor(() => expect(markers.has(marker)).toBe(true));
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe('the support chat over the one subscription', () => {
  it('delivers each message once, in order, to both participants and to nobody else', async () => {
    const customer = await person('user');
    const agent = await person('support');
    const outsider = await person('support');
    const stranger = await person('user');
    const { ticket } = await customer.api.support.create(supportQuestion);
    const customerStream = await listen(customer);
    const agentStream = await listen(agent);
    const outsiderStream = await listen(outsider);
    const strangerStream = await listen(stranger);

    await customer.api.support.joinChat({ ticketId: ticket.id });
    await agent.api.support.joinChat({ ticketId: ticket.id });
    await vi.waitFor(() =>
      expect(customerStream.received.map((e) => e.type)).toContain('support:agent_joined'),
    );

    await customer.api.support.typing({ ticketId: ticket.id });
    await vi.waitFor(() =>
      expect(agentStream.received.map((e) => e.type)).toContain('support:typing'),
    );

    const lines = ['Hello?', 'Hi, I am on it.', 'Great', 'Found it: it arrives today.'];
    await customer.api.support.send({ ticketId: ticket.id, message: lines[0] ?? '' });
    await agent.api.support.send({ ticketId: ticket.id, message: lines[1] ?? '' });
    await customer.api.support.send({ ticketId: ticket.id, message: lines[2] ?? '' });
    await agent.api.support.send({ ticketId: ticket.id, message: lines[3] ?? '' });

    await vi.waitFor(() => expect(customerStream.chatLines()).toHaveLength(4));
    await vi.waitFor(() => expect(agentStream.chatLines()).toHaveLength(4));
    // A duplicate or a stray delivery has arrived before judging.
    for (const stream of [customerStream, agentStream, outsiderStream, strangerStream]) {
      await stream.caughtUp();
    }
    expect(customerStream.chatLines()).toEqual(lines);
    expect(agentStream.chatLines()).toEqual(lines);
    // Staff answers also reach the customer as ticket:response; the customer's lines do not.
    expect(customerStream.received.filter((e) => e.type === 'ticket:response')).toHaveLength(2);
    expect(agentStream.received.filter((e) => e.type === 'ticket:response')).toHaveLength(0);
    expect(outsiderStream.received).toEqual([]);
    expect(strangerStream.received).toEqual([]);

    // A resend of the same line (a retry after a dropped connection) is stored and sent once.
    const clientId = crypto.randomUUID();
    await customer.api.support.send({ ticketId: ticket.id, message: 'Once', clientId });
    await customer.api.support.send({ ticketId: ticket.id, message: 'Once', clientId });
    const { messages } = await agent.api.support.messages({ id: ticket.id });
    expect(messages.map((m) => m.message)).toEqual([...lines, 'Once']);
    await vi.waitFor(() => expect(customerStream.chatLines()).toHaveLength(5));

    // A long line in a script of 3-byte characters still travels (NOTIFY takes 8000 bytes).
    const long = '支'.repeat(5000);
    await agent.api.support.send({ ticketId: ticket.id, message: long });
    await vi.waitFor(() => expect(customerStream.chatLines()).toHaveLength(6));
    const live = customerStream.received.filter((e) => e.type === 'new_support_message').at(-1);
    expect(live?.data).toMatchObject({ truncated: true, message: '支'.repeat(1000) });
    const stored = await customer.api.support.messages({ id: ticket.id });
    expect(stored.messages.at(-1)?.message).toBe(long);

    // The customer was in the chat: no e-mail for the staff answers.
    const mail = await app.mailbox(customer.email);
    expect(mail.some((m) => m.subject.startsWith('New reply'))).toBe(false);

    // Blank lines are not sent; an outsider customer cannot read or post.
    await expect(
      customer.api.support.send({ ticketId: ticket.id, message: '   \n ' }),
    ).rejects.toThrow('Response is required');
    await expect(stranger.api.support.messages({ id: ticket.id })).rejects.toThrow(
      'Ticket not found',
    );
    await expect(
      stranger.api.support.send({ ticketId: ticket.id, message: 'Let me in' }),
    ).rejects.toThrow('Ticket not found');

    for (const stream of [customerStream, agentStream, outsiderStream, strangerStream]) {
      await stream.stop();
    }
  });

  it('does not e-mail a customer who turned support replies off', async () => {
    const customer = await person('user');
    const agent = await person('admin');
    await customer.api.auth.updateNotificationPreferences({
      transactionNotifications: true,
      securityAlerts: true,
      marketingCommunications: false,
      supportReplies: false,
    });
    const { ticket } = await customer.api.support.create(supportQuestion);
    await agent.api.support.send({ ticketId: ticket.id, message: 'Under Transactions, Export.' });
    const mail = await app.mailbox(customer.email);
    expect(mail.some((m) => m.subject.startsWith('New reply'))).toBe(false);
  });
});

describe('the Live Chat button', () => {
  it('opens the latest open ticket, or a new Live chat ticket', async () => {
    const customer = await person('user');
    const first = await customer.api.support.liveChat();
    expect(first.created).toBe(true);
    const { ticket } = await customer.api.support.byId({ id: first.id });
    expect(ticket).toMatchObject({ subject: 'Live chat', category: 'other', status: 'open' });
    const again = await customer.api.support.liveChat();
    expect(again).toEqual({ id: first.id, created: false });
    const agent = await person('support');
    await agent.api.support.updateStatus({ id: first.id, status: 'resolved' });
    const fresh = await customer.api.support.liveChat();
    expect(fresh.created).toBe(true);
    expect(fresh.id).not.toBe(first.id);
  });
});

describe('a role change', () => {
  it('ends a demoted agent’s live chat at once: signed in again, they receive none of it', async () => {
    const customer = await person('user');
    const agent = await person('support');
    const admin = await person('admin');
    const { ticket } = await customer.api.support.create(supportQuestion);
    const customerStream = await listen(customer);
    await customer.api.support.joinChat({ ticketId: ticket.id });
    await agent.api.support.joinChat({ ticketId: ticket.id });
    await admin.api.admin.updateUser({ id: agent.id, role: 'user' });
    // The role change ended the agent's sessions; signed in again, as a customer now.
    const { token } = await app.signIn(agent.email);
    const demotedStream = await listen({ token, id: agent.id });

    await customer.api.support.send({ ticketId: ticket.id, message: 'Anyone there?' });
    await vi.waitFor(() => expect(customerStream.chatLines()).toEqual(['Anyone there?']));
    // Published in the same transaction as the customer's copy: had it been sent, it is logged.
    const [toDemoted] = await app.db
      .select({ n: count() })
      .from(events)
      .where(
        and(eq(events.userId, agent.id), sql`${events.event}->>'type' = 'new_support_message'`),
      );
    expect(toDemoted?.n).toBe(0);
    expect(demotedStream.chatLines()).toEqual([]);
    await customerStream.stop();
    await demotedStream.stop();
  });
});
